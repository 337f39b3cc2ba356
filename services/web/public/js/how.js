/**
 * "How to play" (#/how/<game>): what a newcomer reads first — the goal, a turn, the end and the
 * scoring — on one or two phone screens, with the game's cards drawn by the table's own renderers,
 * in English and Persian. The full rules (docs/rules, the engine's reference) are a click away.
 */
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { num } from './numerals.js';
import { back } from './cards.js';
import { face as scoutFace } from './games/scout.js';
import { face as sspFace } from './games/sea-salt-and-paper.js';
import { face as seledyneFace } from './games/seledyne.js';
import { face as silverFace } from './games/silver.js';

/** A drawing context like the table's, with nothing to pick: the cards only explain themselves. */
function context(type) {
  return { isLive: () => false, isSelected: () => false, pick() {}, moved: new Set(), lang: lang(), n: (v) => num(v, lang()), type, seat: null, name: (s) => String(s), game: { legalMoves: [] } };
}

const row = (...cards) => h('div.cards.how-cards', {}, cards);
const die = (n) => h('span.die', { role: 'img', 'aria-label': `${lang() === 'fa' ? 'تاس' : 'die'} ${num(n, lang())}` }, num(n, lang()));

/** Each game's page: [heading, paragraphs and cards] in both languages. `cards(c)` draws its examples. */
const PAGES = {
  scout: {
    cards: (c) => ({
      hand: row(...[[3, 3, 7], [9, 1, 9], [4, 4, 8], [4, 2, 4], [5, 5, 6], [6, 6, 10], [2, 2, 3]].map(([up, lo, hi], i) => scoutFace(c, undefined, { up, lo, hi }, { key: undefined, cls: i >= 2 && i <= 3 ? 'how-pick' : '' }))),
    }),
    en: [
      ['Goal', ['Score the most over as many rounds as there are players. You score 1 point for each card you capture and each Scout chip you earn, and lose 1 for each card left in your hand.']],
      ['Your hand', ['Every card has two numbers: the upper one counts. You may never reorder your hand; before the first turn you may turn the whole hand upside down once (each card then shows its other number, and the order reverses).', 'hand', 'Here 4-4 is a set (equal numbers side by side), and so is 4-5-6 (a run); 9-4 is not (not a run).']],
      ['A turn: one of three', ['Show: play a set of neighbouring cards that beats the set on the table — more cards beats fewer; with as many, equal numbers beat a run; then the higher lowest card wins. You capture the cards you beat.', 'Scout: take one card from either end of the set on the table, turn it either way up and put it anywhere in your hand. Its owner gets a Scout chip.', 'Scout & Show (once a round): scout, then show at once.']],
      ['End and scoring', ['A round ends when someone plays their last card, or when everyone else scouted in turn from the same set (its owner then loses nothing for their hand). Round score: captured cards + chips − cards in hand. After the last round the highest total wins.']],
    ],
    fa: [
      ['هدف', ['در چند دور (به شمار بازیکنان) بیشترین امتیاز را بگیرید. هر کارتی که می‌گیرید و هر توکن اسکات ۱ امتیاز دارد و هر کارتی که در دستتان بماند ۱ امتیاز کم می‌کند.']],
      ['دست شما', ['هر کارت دو عدد دارد: عدد بالایی حساب می‌شود. ترتیب دست را هرگز عوض نمی‌کنید؛ پیش از نوبت نخست می‌توانید یک بار کل دست را وارونه کنید (هر کارت عدد دیگرش را نشان می‌دهد و ترتیب برعکس می‌شود).', 'hand', 'اینجا ۴-۴ یک دسته است (عددهای برابرِ کنار هم)، ۴-۵-۶ هم (پشت سر هم)؛ ۹-۴ دسته نیست.']],
      ['یک نوبت: یکی از سه کار', ['نشان دادن: دسته‌ای از کارت‌های کنار هم بازی کنید که دستهٔ روی میز را ببرد — کارت بیشتر می‌برد؛ با شمار برابر، عددهای برابر بر پشت سر هم می‌برند؛ سپس کمترین کارتِ بالاتر. کارت‌های بریده‌شده مال شما می‌شوند.', 'اسکات: یک کارت از یکی از دو سر دستهٔ روی میز بردارید، هر طرفش را که می‌خواهید بالا بگذارید و هر جای دستتان بگذارید. صاحب دسته یک توکن اسکات می‌گیرد.', 'عمل دوگانه (یک بار در هر دور): اسکات و بلافاصله نشان دادن.']],
      ['پایان و امتیاز', ['دور وقتی تمام می‌شود که کسی آخرین کارتش را بازی کند، یا همهٔ دیگران به نوبت از همان دسته اسکات کنند (صاحب دسته آن‌گاه برای دستش چیزی از دست نمی‌دهد). امتیاز دور: کارت‌های گرفته + توکن‌ها − کارت‌های دست. پس از دور آخر بیشترین جمع می‌برد.']],
    ],
  },
  'sea-salt-and-paper': {
    cards: (c) => {
      const cards = c.type.catalog?.cards ?? [];
      const first = (type, skip = 0) => cards.filter((x) => x.type === type)[skip];
      const pick = (...xs) => xs.filter(Boolean).map((x) => sspFace(c, x, { key: undefined }));
      return { duos: row(...pick(first('crab'), first('crab', 1), first('shark'), first('swimmer'))), more: row(...pick(first('shell'), first('shell', 1), first('lighthouse'), first('mermaid'))) };
    },
    en: [
      ['Goal', ['Reach the target score first (40 points with 2 players, 35 with 3, 30 with 4) over several rounds — or hold all four mermaids, which wins at once.']],
      ['A turn', ['1. Take a card: draw two and keep one (the other goes face up on a discard pile), or take the top card of a discard pile.', '2. Play pairs if you like: each pair scores 1 point and does something — two crabs: take any card from a discard pile; two boats: another turn; two fish: the top card of the deck; shark + swimmer: a random card from another player.', 'duos', '3. End your turn — or, with at least 7 points, end the round.']],
      ['Points', ['Shells, octopuses, penguins and sailors score more the more you collect; a lighthouse scores per boat, and so on; each mermaid scores the cards of one of your colours.', 'more']],
      ['Ending a round', ['STOP: the round ends and everyone scores their points. LAST CHANCE: everyone else plays one more turn; if nobody beats you, you score your points and your colour bonus, the others only their colour bonus; if someone does, it is the other way round. Rounds repeat until someone reaches the target; the highest total wins.']],
    ],
    fa: [
      ['هدف', ['در چند دور زودتر از همه به امتیاز هدف برسید (۴۰ امتیاز با ۲ بازیکن، ۳۵ با ۳، ۳۰ با ۴) — یا هر چهار پری دریایی را داشته باشید که همان دم می‌برد.']],
      ['یک نوبت', ['۱. یک کارت بگیرید: دو کارت بکشید و یکی را نگه دارید (دیگری رو به بالا روی یکی از دو دورریز می‌رود)، یا کارت روی یکی از دورریزها را بردارید.', '۲. اگر خواستید جفت بازی کنید: هر جفت ۱ امتیاز دارد و کاری می‌کند — دو خرچنگ: هر کارتی از یک دورریز؛ دو قایق: یک نوبت دیگر؛ دو ماهی: کارت روی دسته؛ کوسه + شناگر: کارتی تصادفی از بازیکنی دیگر.', 'duos', '۳. نوبت را تمام کنید — یا با دست‌کم ۷ امتیاز، دور را تمام کنید.']],
      ['امتیازها', ['صدف، هشت‌پا، پنگوئن و ملوان هر چه بیشتر، امتیاز بیشتر؛ فانوس دریایی به ازای هر قایق امتیاز می‌دهد و مانند آن؛ هر پری دریایی کارت‌های یکی از رنگ‌هایتان را می‌شمارد.', 'more']],
      ['پایان دور', ['بس: دور تمام می‌شود و هر کس امتیازش را می‌گیرد. آخرین فرصت: دیگران یک نوبت دیگر بازی می‌کنند؛ اگر کسی از شما جلو نزند، شما امتیاز و پاداش رنگتان را می‌گیرید و دیگران فقط پاداش رنگ؛ وگرنه برعکس. دورها ادامه دارد تا کسی به هدف برسد؛ بیشترین جمع می‌برد.']],
    ],
  },
  seledyne: {
    cards: (c) => ({
      gift: h('div.how-gift', {}, die(5), ' − ', die(2), ' = ', num(3, lang()), ' → ', row(seledyneFace(c, { id: 'NAB-03', house: 'NAB', value: 3 }, { key: undefined }))),
      special: row(seledyneFace(c, { id: 'NAB-04', house: 'NAB', value: 4, special: 'EXCHANGE' }, { key: undefined }), seledyneFace(c, { id: 'NAB-05', house: 'NAB', value: 5, special: 'SUM' }, { key: undefined })),
    }),
    en: [
      ['Goal', ['Each player is a house with ten cards, 1 to 10. Give your cards away to the others, offer the cards you were given to Isthām, and have the highest total after three stages.']],
      ['A round', ['Everyone rolls a die. On your turn you may give a card to any player whose die is lower than yours: the card\'s value must be the difference. Each player at most once a turn.', 'gift', 'Before giving you may first offer cards from your counter (the cards given to you) to Isthām: each card offered adds 1 to your die for this turn\'s gifts. Or pass.', 'Your 4 lets you swap a card with your reserve; your 5 ("+") lets several cards add up to the difference.', 'special']],
      ['End and scoring', ['A stage ends soon after a player has given away every card of their house. Each house scores the values of its own cards in Isthām, minus the cards left in its counter. After three stages the highest total wins.']],
    ],
    fa: [
      ['هدف', ['هر بازیکن یک خاندان است با ده کارت، ۱ تا ۱۰. کارت‌هایتان را به دیگران ببخشید، کارت‌هایی را که به شما بخشیده‌اند به ایستهام صله کنید و پس از سه مرحله بیشترین جمع را داشته باشید.']],
      ['یک دور', ['همه تاس می‌ریزند. در نوبتتان می‌توانید به هر بازیکنی که تاسش از تاس شما کمتر است کارتی ببخشید: عدد کارت باید برابر تفاضل باشد. به هر بازیکن در هر نوبت یک بار.', 'gift', 'پیش از بخشیدن می‌توانید کارت‌هایی از پیشخوانتان (کارت‌هایی که به شما بخشیده‌اند) به ایستهام صله کنید: هر کارت ۱ به تاس شما برای بخشش‌های این نوبت می‌افزاید. یا انصراف دهید.', 'کارت ۴ شما جابه‌جایی با مخزن را ممکن می‌کند؛ کارت ۵ («+») اجازه می‌دهد چند کارت روی هم برابر تفاضل شوند.', 'special']],
      ['پایان و امتیاز', ['مرحله کمی پس از آن تمام می‌شود که بازیکنی همهٔ کارت‌های خاندانش را ببخشد. هر خاندان ارزش کارت‌های خودش در ایستهام را می‌گیرد، منهای کارت‌های مانده در پیشخوانش. پس از سه مرحله بیشترین جمع می‌برد.']],
    ],
  },
  silver: {
    cards: (c) => {
      const catalog = Array.isArray(c.type.catalog) ? c.type.catalog : [];
      const card = (n) => catalog.find((x) => x.edition === 'amulet' && x.number === n);
      const x = (n) => ({ edition: 'amulet', number: n, name: card(n)?.names?.en ?? String(n), nameFa: card(n)?.names?.fa });
      return {
        village: row(back(c), silverFace(c, x(3)), back(c), silverFace(c, x(9)), back(c)),
      };
    },
    en: [
      ['Goal', ['Have the lowest total after four rounds. Your village is a row of five face-down cards numbered 0 to 13; you look at two of them at the start.', 'village']],
      ['A turn', ['Draw from the deck and then discard the card (many cards have a power when discarded after a draw: look at a card, turn one up, swap…) or exchange it for one of your village cards — or several with the same number at once.', 'Or take the top card of the discard pile and exchange it.', 'Or, with four cards or fewer in your village, call the vote: everyone else plays one last turn.']],
      ['End and scoring', ['The round ends after a call, when the deck runs out, or when both Villagers (0) are face up. Every village is turned up and added. The caller scores 0 if their total is the lowest (ties count), otherwise their total + 10; everyone else scores their total. After four rounds the lowest total wins.']],
    ],
    fa: [
      ['هدف', ['پس از چهار دور کمترین جمع را داشته باشید. دهکدهٔ شما ردیفی از پنج کارت پشت‌ورو با عددهای ۰ تا ۱۳ است؛ در آغاز به دو تای آن نگاه می‌کنید.', 'village']],
      ['یک نوبت', ['از دسته بکشید و سپس کارت را دور بیندازید (بسیاری از کارت‌ها وقتی پس از کشیدن دور انداخته شوند قدرتی دارند: نگاه به یک کارت، رو کردن، جابه‌جایی…) یا آن را با یکی از کارت‌های دهکده‌تان مبادله کنید — یا با چند کارتِ هم‌عدد با هم.', 'یا کارت روی دورریز را بردارید و مبادله کنید.', 'یا با چهار کارت یا کمتر در دهکده، رأی‌گیری را اعلام کنید: بقیه یک نوبت آخر بازی می‌کنند.']],
      ['پایان و امتیاز', ['دور پس از اعلام، با تمام شدن دسته، یا وقتی هر دو روستایی (۰) رو باشند تمام می‌شود. همهٔ دهکده‌ها رو و جمع می‌شوند. اعلام‌کننده اگر کمترین جمع را داشته باشد (برابری هم حساب است) ۰ می‌گیرد، وگرنه جمعش + ۱۰؛ بقیه جمع خودشان را. پس از چهار دور کمترین جمع می‌برد.']],
    ],
  },
};

/** The games that have a "How to play" page. */
export const HOW_GAMES = Object.keys(PAGES);

export async function howPage(root, app, game) {
  const type = app.catalog.find((g) => g.id === game);
  const page = PAGES[game];
  if (!type || !page) throw Object.assign(new Error(`no game ${game}`), { code: 'NOT_FOUND' });
  await app.more('catalog');
  const c = context(type);
  const drawn = page.cards(c);
  const sections = page[lang()] ?? page.en;
  clear(
    root,
    h('section.how', { dataset: { game } },
      h('header.table-head', {},
        h('a.back', { href: '#/' }, (lang() === 'fa' ? '→ ' : '← ') + t('lobby')),
        h('h1', {}, `${t('howToPlay')}: ${named(type.names, game)}`)),
      sections.map(([heading, parts]) => h('section.how-part', {}, h('h2', {}, heading), parts.map((p) => (drawn[p] ? drawn[p] : h('p', {}, p))))),
      h('p.how-more', {}, h('a.button.full-rules', { href: `#/rules/${game}` }, `${t('fullRules')} ${lang() === 'fa' ? '←' : '→'}`))),
  );
  return null;
}
