/** SCOUT's events in words: [English, Persian]. A card is "3/7": the number it shows, then the other. */
const card = (c, x) => (c ? `${x.n(c.up ?? c.lo)}/${x.n((c.up ?? c.lo) === c.lo ? c.hi : c.lo)}` : '?');
const set = (cs, x) => cs.map((c) => x.n(c.up ?? c.lo)).join('-');

export default {
  RoundDealt: [(e, x) => `Round ${x.n(e.round)} was dealt; ${x.who(e.startPlayer)} starts`, (e, x) => `دور ${x.n(e.round)} پخش شد؛ ${x.who(e.startPlayer)} آغاز می‌کند`],
  RotationChosen: [
    (e, x) => (e.rotate === null ? `${x.who(e.seat)} chose whether to turn their hand` : `${x.who(e.seat)} ${e.rotate ? 'turned' : 'kept'} their hand`),
    (e, x) => (e.rotate === null ? `${x.who(e.seat)} دربارهٔ برگرداندن دستش تصمیم گرفت` : `${x.who(e.seat)} دستش را ${e.rotate ? 'برگرداند' : 'نگه داشت'}`),
  ],
  PlayBegan: [(e, x) => `Play began: ${x.who(e.player)} to move`, (e, x) => `بازی آغاز شد: نوبت ${x.who(e.player)}`],
  ScoutShowStarted: [(e, x) => `${x.who(e.seat)} used the Scout & Show chip`, (e, x) => `${x.who(e.seat)} ژتون اسکات و نمایش را به کار برد`],
  Scouted: [
    (e, x) => `${x.who(e.seat)} scouted the ${card(e.card, x)} from the ${e.end} end${e.flip ? ', turned over' : ''}${e.at === null ? '' : ` into place ${x.n(e.at + 1)}`}`,
    (e, x) => `${x.who(e.seat)} کارت ${card(e.card, x)} را از سر ${e.end === 'left' ? 'چپ' : 'راست'} برداشت${e.flip ? ' و برگرداند' : ''}${e.at === null ? '' : ` و در جای ${x.n(e.at + 1)} گذاشت`}`,
  ],
  Shown: [
    (e, x) => `${x.who(e.seat)} showed ${set(e.cards, x)} (${x.n(e.cards.length)} ${e.cards.length === 1 ? 'card' : 'cards'})${e.captured ? ` and captured ${x.n(e.captured)}` : ''}`,
    (e, x) => `${x.who(e.seat)} ${set(e.cards, x)} را نشان داد (${x.n(e.cards.length)} کارت)${e.captured ? ` و ${x.n(e.captured)} کارت گرفت` : ''}`,
  ],
  Passed: [(e, x) => `${x.who(e.seat)} passed`, (e, x) => `${x.who(e.seat)} گذر کرد`],
  RoundEnded: [
    (e, x) => `Round ${x.n(e.round)} ended: ${x.word(e.reason)}; totals ${e.totals.map((t, s) => `${x.who(s)} ${x.n(t)}`).join(', ')}`,
    (e, x) => `دور ${x.n(e.round)} تمام شد: ${x.word(e.reason)}؛ جمع‌ها ${e.totals.map((t, s) => `${x.who(s)} ${x.n(t)}`).join('، ')}`,
  ],
};
