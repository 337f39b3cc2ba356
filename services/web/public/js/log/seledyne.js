/** Seledyne's events in words: [English, Persian]. A card is its house and value, e.g. "Nabist 4". */
const cards = (cs, x) => cs.map(x.card).join(', ');

const seatsOf = (e) => e.dice[0]?.length ?? 0;
const partial = (e) => e.turnsEnded < seatsOf(e);
/** Each round of a RoundsRolled: its number, who starts it (the next seat each round) and its dice. */
const rolledRounds = (e, x, round, starts, dice) => {
  const [comma, semicolon] = x.lang === 'fa' ? ['، ', '؛ '] : [', ', '; '];
  return e.dice.map((d, r) => `${round} ${x.n(e.round + r)}: ${x.who((e.startSeat + r) % d.length)} ${starts}${comma}${dice} ${d.map((v, s) => `${x.who(s)} ${x.n(v)}`).join(comma)}`).join(semicolon);
};

export default {
  StageStarted: [(e, x) => `Stage ${x.n(e.stage)} began; ${x.who(e.startSeat)} starts`, (e, x) => `مرحلهٔ ${x.n(e.stage)} آغاز شد؛ ${x.who(e.startSeat)} آغاز می‌کند`],
  RoundDrawChosen: [(e, x) => `${x.who(e.seat)} chose about the round draw`, (e, x) => `${x.who(e.seat)} دربارهٔ کشیدن دور تصمیم گرفت`],
  RoundDrawResolved: [
    (e, x) => (e.draws.length ? `${x.list(e.draws.map((d) => x.who(d.seat)))} drew from their reserve` : 'Nobody drew from their reserve'),
    (e, x) => (e.draws.length ? `${x.list(e.draws.map((d) => x.who(d.seat)))} از ذخیره کارت کشید` : 'کسی از ذخیره کارت نکشید'),
  ],
  Rolled: [(e, x) => `Dice: ${e.dice.map((d, s) => `${x.who(s)} ${x.n(d)}`).join(', ')}`, (e, x) => `تاس‌ها: ${e.dice.map((d, s) => `${x.who(s)} ${x.n(d)}`).join('، ')}`],
  SixRuleChosen: [(e, x) => `${x.who(e.seat)} chose about the Six Rule`, (e, x) => `${x.who(e.seat)} دربارهٔ قانون شش تصمیم گرفت`],
  SixRuleResolved: [
    (e, x) => e.results.map((r) => `${x.who(r.seat)} ${r.use ? 'used' : 'did not use'} the Six Rule`).join('; ') || 'Nobody could use the Six Rule',
    (e, x) => e.results.map((r) => `${x.who(r.seat)} ${r.use ? 'از قانون شش استفاده کرد' : 'از قانون شش استفاده نکرد'}`).join('؛ ') || 'کسی نمی‌توانست از قانون شش استفاده کند',
  ],
  Exchanged: [
    (e, x) => `${x.who(e.seat)} exchanged ${e.give ? x.card(e.give) : 'a hand card'} with ${e.take ? x.card(e.take) : 'a reserve card'}`,
    (e, x) => `${x.who(e.seat)} ${e.give ? x.card(e.give) : 'کارتی از دست'} را با ${e.take ? x.card(e.take) : 'کارتی از ذخیره'} عوض کرد`,
  ],
  TributeSelected: [(e, x) => `${x.who(e.seat)} put ${x.card(e.card)} into a tribute`, (e, x) => `${x.who(e.seat)} ${x.card(e.card)} را در پیشکش گذاشت`],
  Tributed: [
    (e, x) => `${x.who(e.seat)} paid tribute ${cards(e.cards, x)} to Isthām${e.boost ? `, die now ${x.n(e.effectiveDie)}` : ''}${e.drawsEarned ? `, earning ${x.n(e.drawsEarned)} draws` : ''}`,
    (e, x) => `${x.who(e.seat)} ${cards(e.cards, x)} را به اِستهام پیشکش کرد${e.boost ? `، تاس اکنون ${x.n(e.effectiveDie)}` : ''}${e.drawsEarned ? `، با ${x.n(e.drawsEarned)} کشیدن` : ''}`,
  ],
  SixMultipleDrawn: [(e, x) => `${x.who(e.seat)} drew ${e.card ? x.card(e.card) : 'a card'} from their reserve (Six-Multiple)`, (e, x) => `${x.who(e.seat)} ${e.card ? x.card(e.card) : 'کارتی'} از ذخیره کشید (مضرب شش)`],
  DrawsStopped: [(e, x) => `${x.who(e.seat)} stopped drawing`, (e, x) => `${x.who(e.seat)} کشیدن را تمام کرد`],
  Gifted: [
    (e, x) => `${x.who(e.seat)} gave ${cards(e.cards, x)} to ${x.who(e.target)}'s counter${e.difference ? ` (difference ${x.n(e.difference)})` : ''}`,
    (e, x) => `${x.who(e.seat)} ${cards(e.cards, x)} را به پیشخوان ${x.who(e.target)} هدیه داد${e.difference ? ` (تفاوت ${x.n(e.difference)})` : ''}`,
  ],
  LastRoundTriggered: [(e, x) => `${x.who(e.seat)} gave away their last house card: this is the last round`, (e, x) => `${x.who(e.seat)} آخرین کارت خاندانش را داد: این دور آخر است`],
  TurnEnded: [
    (e, x) => (e.auto ? 'nobody could play' : `${x.who(e.seat)} ${e.gifted ? 'ended their turn' : 'passed'}`),
    (e, x) => (e.auto ? 'هیچ‌کس نمی‌توانست بازی کند' : `${x.who(e.seat)} ${e.gifted ? 'نوبتش را تمام کرد' : 'گذر کرد'}`),
  ],
  RoundEnded: [(e, x) => `Round ${x.n(e.round)} begins; ${x.who(e.startSeat)} starts`, (e, x) => `دور ${x.n(e.round)} آغاز می‌شود؛ ${x.who(e.startSeat)} آغاز می‌کند`],
  // rounds that played themselves (every reserve empty, no turn with anything to play): each round's start and dice
  RoundsRolled: [
    (e, x) =>
      `Rounds played themselves (nobody could play): ${rolledRounds(e, x, 'round', 'starts', 'dice')}${partial(e) ? ` (in the last, ${x.n(e.turnsEnded)} of ${x.n(seatsOf(e))} turns so far)` : ''}`,
    (e, x) =>
      `دورها خودبه‌خود گذشتند (هیچ‌کس نمی‌توانست بازی کند): ${rolledRounds(e, x, 'دور', 'آغاز می‌کند', 'تاس‌ها')}${partial(e) ? ` (در آخری، ${x.n(e.turnsEnded)} از ${x.n(seatsOf(e))} نوبت تاکنون)` : ''}`,
  ],
  StageEnded: [
    (e, x) => `Stage ${x.n(e.stage)} ended (${x.word(e.reason)}): ${e.scores.map((s) => `${x.who(s.seat)} ${x.n(s.score)}`).join(', ')}`,
    (e, x) => `مرحلهٔ ${x.n(e.stage)} تمام شد (${x.word(e.reason)}): ${e.scores.map((s) => `${x.who(s.seat)} ${x.n(s.score)}`).join('، ')}`,
  ],
};
