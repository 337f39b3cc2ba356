/** Sea Salt & Paper's events in words: [English, Persian]. Cards are named from the catalog. */
export default {
  RoundStarted: [(e, x) => `Round ${x.n(e.round)} began; ${x.who(e.starter)} starts`, (e, x) => `دور ${x.n(e.round)} آغاز شد؛ ${x.who(e.starter)} آغاز می‌کند`],
  Drew: [(e, x) => `${x.who(e.seat)} drew ${x.n(e.count)} ${e.count === 1 ? 'card' : 'cards'}${e.cards ? `: ${x.cards(e.cards)}` : ''}`, (e, x) => `${x.who(e.seat)} ${x.n(e.count)} کارت کشید${e.cards ? `: ${x.cards(e.cards)}` : ''}`],
  Kept: [
    (e, x) => `${x.who(e.seat)} kept ${e.card === null ? 'a card' : x.card(e.card)} and discarded ${x.card(e.discarded)} on pile ${x.n(e.pile + 1)}`,
    (e, x) => `${x.who(e.seat)} ${e.card === null ? 'یک کارت' : x.card(e.card)} را نگه داشت و ${x.card(e.discarded)} را روی دورریز ${x.n(e.pile + 1)} انداخت`,
  ],
  TookDiscard: [(e, x) => `${x.who(e.seat)} took ${x.card(e.card)} from discard pile ${x.n(e.pile + 1)}`, (e, x) => `${x.who(e.seat)} ${x.card(e.card)} را از دورریز ${x.n(e.pile + 1)} برداشت`],
  DuoPlayed: [(e, x) => `${x.who(e.seat)} played the duo ${x.cards(e.cards)}`, (e, x) => `${x.who(e.seat)} جفت ${x.cards(e.cards)} را بازی کرد`],
  PileChosen: [(e, x) => `${x.who(e.seat)} looks through discard pile ${x.n(e.pile + 1)}`, (e, x) => `${x.who(e.seat)} دورریز ${x.n(e.pile + 1)} را می‌گردد`],
  CardTaken: [(e, x) => `${x.who(e.seat)} took ${e.card === null ? 'a card' : x.card(e.card)} from discard pile ${x.n(e.pile + 1)}`, (e, x) => `${x.who(e.seat)} ${e.card === null ? 'یک کارت' : x.card(e.card)} را از دورریز ${x.n(e.pile + 1)} برداشت`],
  FishDrew: [(e, x) => `${x.who(e.seat)} drew ${e.card === null ? 'a card' : x.card(e.card)} (fish duo)`, (e, x) => `${x.who(e.seat)} ${e.card === null ? 'یک کارت' : x.card(e.card)} کشید (جفت ماهی)`],
  Stole: [(e, x) => `${x.who(e.seat)} stole ${e.card === null ? 'a card' : x.card(e.card)} from ${x.who(e.from)}`, (e, x) => `${x.who(e.seat)} ${e.card === null ? 'یک کارت' : x.card(e.card)} را از ${x.who(e.from)} دزدید`],
  TurnEnded: [(e, x) => `${x.who(e.seat)} ended their turn`, (e, x) => `${x.who(e.seat)} نوبتش را تمام کرد`],
  Called: [(e, x) => `${x.who(e.seat)} called ${x.word(e.call)}`, (e, x) => `${x.who(e.seat)} «${x.word(e.call)}» اعلام کرد`],
  HandRevealed: [(e, x) => `${x.who(e.seat)} showed their hand: ${x.cards(e.hand)}`, (e, x) => `${x.who(e.seat)} دستش را نشان داد: ${x.cards(e.hand)}`],
  RoundEnded: [
    (e, x) => `Round ${x.n(e.round)} ended (${x.word(e.reason)}${e.betWon === null ? '' : e.betWon ? ', bet won' : ', bet lost'}); totals ${e.totals.map((t, s) => `${x.who(s)} ${x.n(t)}`).join(', ')}`,
    (e, x) => `دور ${x.n(e.round)} تمام شد (${x.word(e.reason)}${e.betWon === null ? '' : e.betWon ? '، شرط برده شد' : '، شرط باخته شد'})؛ جمع‌ها ${e.totals.map((t, s) => `${x.who(s)} ${x.n(t)}`).join('، ')}`,
  ],
  GameOver: [(e, x) => `Game over (${x.word(e.reason)}): ${x.list(e.winners.map(x.who))} won`, (e, x) => `پایان بازی (${x.word(e.reason)}): ${x.list(e.winners.map(x.who))} برنده شد`],
};
