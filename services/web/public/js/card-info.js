/**
 * What each game's cards are and do, for the card panel: English and Persian. Silver's powers
 * come from the catalog (in Persian from games/silver-powers-fa.js); Seledyne's
 * houses, marked cards, the Counter, Isthām and the Six rule are explained here, from
 * docs/rules/seledyne.md.
 */
import { catalogText, powerText } from './games/silver-powers-fa.js';
import { num } from './numerals.js';

const T = (lang, en, fa) => (lang === 'fa' ? fa : en);
const rules = (game, section, lang) => ({ href: `#/rules/${game}${section ? `/${section}` : ''}`, text: T(lang, `Rules${section ? ` §${section}` : ''}`, `قوانین${section ? ` §${num(section, lang)}` : ''}`) });

export function silverInfo(entry, x, lang) {
  const name = entry ? (lang === 'fa' ? entry.names?.fa : entry.names?.en) ?? '' : x.name;
  const known = entry?.powerKnown !== false;
  return {
    title: `${num(x.number, lang)} ${name}`,
    lines: [
      T(lang, `Counts ${x.number} in your village total (the lowest total wins). Edition: ${x.edition}.`, `در جمع دهکدهٔ شما ${num(x.number, lang)} حساب می‌شود (کمترین جمع می‌برد).`),
      known && entry?.powerText ? powerText(entry, lang) : T(lang, 'Counts its value only — no public text gives this power.', 'فقط ارزشش حساب می‌شود — هیچ متن عمومی‌ای قدرت این کارت را نمی‌گوید.'),
      entry?.guess ? catalogText(entry.guess.text, lang) : null,
    ].filter(Boolean),
    links: [rules('silver', { amulet: '4.1', bullet: '4.2', coin: '4.3', dagger: '4.4', promo: '4.5' }[x.edition] ?? '4', lang)],
  };
}

export function scoutInfo(x, lang) {
  const other = x.up === x.lo ? x.hi : x.lo;
  return {
    title: `${num(x.up, lang)} / ${num(other, lang)}`,
    lines: [
      T(lang, `Plays as ${x.up}; turned over it plays as ${other}. A hand's cards stay in their order: a set is adjacent cards, all equal or in a run.`,
        `به‌صورت ${num(x.up, lang)} بازی می‌شود؛ برگردانده ${num(other, lang)}. ترتیب کارت‌های دست عوض نمی‌شود: یک دسته کارت‌های کنار هم است، همه برابر یا پشت سر هم.`),
    ],
    links: [rules('scout', '3', lang)],
  };
}

export function sspInfo(x, names, lang) {
  const WHAT = {
    duo: T(lang, 'A duo card: two of a pair played together do something (draw, take from a discard pile, steal…) and score 1.', 'کارت جفت: دو کارت جور با هم کاری می‌کنند (کشیدن، برداشتن از دورریز، دزدیدن…) و ۱ امتیاز دارند.'),
    collector: T(lang, 'A collector: the more of them you hold, the more they score.', 'کلکسیونی: هر چه بیشتر داشته باشید، امتیاز بیشتری دارند.'),
    multiplier: T(lang, 'A multiplier: scores for each card of its kind you hold.', 'ضریب: برای هر کارت هم‌نوعش که دارید امتیاز می‌دهد.'),
    mermaid: T(lang, 'A mermaid: scores your colours; four mermaids win at once.', 'پری دریایی: رنگ‌هایتان را امتیاز می‌دهد؛ چهار پری دریایی بی‌درنگ می‌برند.'),
  };
  return { title: names, lines: [WHAT[x.category] ?? ''].filter(Boolean), links: [rules('sea-salt-and-paper', '2', lang)] };
}

const SPECIAL = {
  EXCHANGE: ['The Exchange card: while you hold it in hand or counter, once a turn you may swap a hand card with a reserve card (§4.6).', 'کارت تعویض: تا وقتی در دست یا پیشخوان شماست، هر نوبت یک بار می‌توانید کارتی از دست را با کارتی از مخزن عوض کنید (§۴.۶).'],
  SUM: ['The Sum card "+": while you hold it in hand or counter, you may pay a difference with several hand cards that add up to it (§4.5).', 'کارت جمع «+»: تا وقتی در دست یا پیشخوان شماست، می‌توانید تفاوتی را با چند کارت دست که جمعشان برابر آن است بپردازید (§۴.۵).'],
};

/** where: 'hand' | 'reserve' | 'counter' | 'istham' */
export function seledyneInfo(x, house, where, lang) {
  const WHERE = {
    hand: ['In a hand: it can be given. A gift goes to a player whose die is lower than yours and pays the difference of the dice exactly (§4.2).', 'در دست: می‌توان آن را هدیه داد. هدیه به بازیکنی می‌رود که تاسش از شما کمتر است و تفاوت تاس‌ها را دقیقاً می‌پردازد (§۴.۲).'],
    reserve: ["In the reserve: the owner's face-down stock; it comes to hand by the round draw, the Six rule, an exchange or a Six-Multiple draw.", 'در مخزن: ذخیرهٔ پشت‌وروی صاحبش؛ با کشیدن دور، قانون شش، تعویض یا کشیدن مضرب شش به دست می‌آید.'],
    counter: ["On a counter: given to this player. Counter cards count against them at the stage's end, unless tributed to Isthām (§4.3).", 'روی پیشخوان: به این بازیکن هدیه شده. کارت‌های پیشخوان در پایان مرحله از امتیاز او کم می‌شوند، مگر به ایستهام پیشکش شوند (§۴.۳).'],
    istham: ['In Isthām: tributed, it stays for the stage and scores its value as positive points (§5.3).', 'در ایستهام: پیشکش شده، تا پایان مرحله می‌ماند و ارزشش امتیاز مثبت است (§۵.۳).'],
  };
  const lines = [
    T(lang, `A card of house ${house.en}, value ${x.value}.`, `کارتی از خاندان ${house.fa}، ارزش ${num(x.value, lang)}.`),
    x.special && SPECIAL[x.special] ? T(lang, ...SPECIAL[x.special]) : null,
    WHERE[where] ? T(lang, ...WHERE[where]) : null,
  ].filter(Boolean);
  return { title: `${T(lang, house.en, house.fa)} ${num(x.value, lang)}${x.special ? ` · ${x.special === 'SUM' ? '+' : '⇄'}` : ''}`, lines, links: [rules('seledyne', '4', lang)] };
}

/** Seledyne's words, each a panel of its own (opened from the "i" beside them). */
export function seledyneTerm(term, lang) {
  const TERMS = {
    counter: [['The Counter', 'پیشخوان'], ['Cards given to a player land face up on their counter. At the stage\'s end they count against that player, unless a tribute moved them to Isthām first.', 'کارت‌هایی که به بازیکن هدیه می‌شوند رو روی پیشخوانش می‌نشینند. در پایان مرحله از امتیاز او کم می‌شوند، مگر پیش از آن با پیشکش به ایستهام بروند.'], '1'],
    istham: [['Isthām', 'ایستهام'], ['The common land in the middle. Tributed cards go there and stay for the stage; at its end they score as positive points.', 'سرزمین مشترک میانه. کارت‌های پیشکش‌شده به آنجا می‌روند و تا پایان مرحله می‌مانند؛ در پایان امتیاز مثبت می‌دهند.'], '5.3'],
    tribute: [['Tribute', 'پیشکش'], ['At the start of a turn, a player may move cards from their own counter to Isthām. With the boost, their die counts that many more for this turn\'s gifts; a tribute adding up to 6, 12, 18… earns a reserve draw per six.', 'در آغاز نوبت، بازیکن می‌تواند کارت‌هایی از پیشخوان خودش را به ایستهام ببرد. با افزایش، تاسش برای هدیه‌های این نوبت به همان تعداد بیشتر حساب می‌شود؛ پیشکشی با جمع ۶، ۱۲، ۱۸… به ازای هر شش یک کارت از مخزن می‌دهد.'], '4.3'],
    six: [['The Six rule', 'قانون شش'], ['Right after the roll, a player who rolled a 6 may take one card from their reserve into their hand and turn their die to 5. Everyone chooses at once, hidden.', 'درست پس از ریختن تاس، بازیکنی که ۶ آورده می‌تواند یک کارت از مخزنش به دست بیاورد و تاسش را ۵ کند. همه هم‌زمان و پنهانی انتخاب می‌کنند.'], '3'],
    house: [['Houses', 'خاندان‌ها'], ['Each player is a house (Nabist, Salaist, Yarist, Armaist, Inersit, Moraist) with ten cards of its own: a hand and a face-down reserve. Give your cards away to players with lower dice; the first house to give away its last card ends the stage.', 'هر بازیکن یک خاندان است (نابیست، سالاییست، یاریست، آرماییست، اینرسیت، موراییست) با ده کارت خودش: دست و مخزنی پشت‌ورو. کارت‌هایتان را به بازیکنانی با تاس کمتر هدیه دهید؛ نخستین خاندانی که آخرین کارتش را بدهد مرحله را تمام می‌کند.'], '1'],
  };
  const [title, text, section] = TERMS[term];
  return { title: T(lang, ...title), lines: [T(lang, ...text)], links: [rules('seledyne', section, lang)] };
}
