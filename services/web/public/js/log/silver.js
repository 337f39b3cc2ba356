/**
 * Silver's events in words: [English, Persian]. A card is its number and name ("7 Beholder");
 * a card the viewer may not know is "a card". Places: the deck, the discard pile, a village card.
 */
const place = (l, x, fa) => {
  switch (l.z) {
    case 'deck': return fa ? 'دسته' : 'the deck';
    case 'discard': return fa ? 'دورریز' : 'the discard pile';
    case 'bottom': return fa ? 'زیر دورریز' : 'the bottom of the discard pile';
    case 'pile': return fa ? `کارت ${x.n(l.i + 1)} دورریز` : `card ${x.n(l.i + 1)} of the discard pile`;
    case 'display': return fa ? 'نمایش اسکوایر' : "the Squire's display";
    case 'hand': return fa ? 'دست' : 'hand';
    case 'village': return fa ? `کارت ${x.n(l.p + 1)} دهکدهٔ ${x.who(l.s)}` : `${x.who(l.s)}'s village card ${x.n(l.p + 1)}`;
    case 'kept': return fa ? `کنار ${x.who(l.s)}` : `${x.who(l.s)}'s kept cards`;
    default: return '?';
  }
};
const what = (card, x, fa) => (card === null || card === undefined ? (fa ? 'کارتی' : 'a card') : x.card(card));
const pos = (s, p, x, fa) => (fa ? `کارت ${x.n(p + 1)} ${x.who(s)}` : `${x.who(s)}'s card ${x.n(p + 1)}`);
const ACTION = { draw: ['drew from the deck', 'از دسته کشید'], take: ['took the discard', 'دورریز را برداشت'], call: ['called a vote', 'رأی‌گیری اعلام کرد'], give: ['gave a Zombie', 'زامبی داد'] };

export default {
  RoundDealt: [(e, x) => `Round ${x.n(e.round)} was dealt; ${x.who(e.start)} starts`, (e, x) => `دور ${x.n(e.round)} پخش شد؛ ${x.who(e.start)} آغاز می‌کند`],
  DeckShuffled: [(e, x) => `The deck was shuffled (${x.n(e.size)} cards)`, (e, x) => `دسته بُر خورد (${x.n(e.size)} کارت)`],
  Move: [
    (e, x) => `${what(e.card, x)} went from ${place(e.from, x)} to ${place(e.to, x)}${e.up ? ', face up' : ''}`,
    (e, x) => `${what(e.card, x, true)} از ${place(e.from, x, true)} به ${place(e.to, x, true)} رفت${e.up ? '، رو' : ''}`,
  ],
  Flip: [(e, x) => `${pos(e.s, e.p, x)} was turned ${e.up ? 'face up' : 'face down'}: ${x.card(e.card)}`, (e, x) => `${pos(e.s, e.p, x, true)} ${e.up ? 'رو' : 'پشت'} شد: ${x.card(e.card)}`],
  Swap: [(e, x) => `${pos(e.a.s, e.a.p, x)} and ${pos(e.b.s, e.b.p, x)} were swapped`, (e, x) => `${pos(e.a.s, e.a.p, x, true)} و ${pos(e.b.s, e.b.p, x, true)} جابه‌جا شدند`],
  Saw: [
    (e, x) => `${x.who(e.seat)} looked at ${e.at === 'deck' ? 'the top of the deck' : pos(e.at.s, e.at.p, x)}${e.card === null ? '' : `: ${x.card(e.card)}`}`,
    (e, x) => `${x.who(e.seat)} به ${e.at === 'deck' ? 'کارت روی دسته' : pos(e.at.s, e.at.p, x, true)} نگاه کرد${e.card === null ? '' : `: ${x.card(e.card)}`}`,
  ],
  Peeked: [
    (e, x) => `${x.who(e.seat)} peeked at two cards${e.cards ? `: ${e.cards.map(x.card).join(', ')}` : ''}`,
    (e, x) => `${x.who(e.seat)} به دو کارت نگاه کرد${e.cards ? `: ${e.cards.map(x.card).join('، ')}` : ''}`,
  ],
  Rotated: [(e, x) => `${pos(e.s, e.p, x)} was rotated`, (e, x) => `${pos(e.s, e.p, x, true)} چرخانده شد`],
  Reversed: [(e, x) => `${x.who(e.seat)} reversed the direction of play${e.skip ? ' (a player is skipped)' : ''}`, (e, x) => `${x.who(e.seat)} جهت بازی را برگرداند${e.skip ? ' (بازیکنی جا می‌ماند)' : ''}`],
  TokenUsed: [(e, x) => `${x.who(e.seat)} used the silver token`, (e, x) => `${x.who(e.seat)} نشان نقره را به کار برد`],
  AmuletPlaced: [(e, x) => `The amulet was placed on ${pos(e.s, e.p, x)}`, (e, x) => `طلسم روی ${pos(e.s, e.p, x, true)} گذاشته شد`],
  Guarded: [(e, x) => `${x.who(e.s)}'s Bodyguard protects their card ${x.n(e.p + 1)}`, (e, x) => `محافظ ${x.who(e.s)} از کارت ${x.n(e.p + 1)} او محافظت می‌کند`],
  Activated: [(e, x) => `${x.who(e.seat)} used the power of ${x.card(e.card)}`, (e, x) => `${x.who(e.seat)} قدرت ${x.card(e.card)} را به کار برد`],
  MainAction: [(e, x) => `${x.who(e.seat)} ${ACTION[e.action]?.[0] ?? e.action}`, (e, x) => `${x.who(e.seat)} ${ACTION[e.action]?.[1] ?? e.action}`],
  Pending: [(e, x) => (e.pending ? `${x.who(e.pending.seat)} has a choice to make` : 'The choice was made'), (e, x) => (e.pending ? `${x.who(e.pending.seat)} باید انتخاب کند` : 'انتخاب انجام شد')],
  PeekPhase: [() => 'Everyone peeks at two of their cards', () => 'همه به دو کارت خود نگاه می‌کنند'],
  TurnStarted: [(e, x) => `${x.who(e.seat)}'s ${e.extra ? 'extra ' : ''}turn`, (e, x) => `نوبت ${e.extra ? 'اضافهٔ ' : ''}${x.who(e.seat)}`],
  TurnEnded: [(e, x) => `${x.who(e.seat)} ended their turn`, (e, x) => `${x.who(e.seat)} نوبتش را تمام کرد`],
  RoundEnded: [(e, x) => `The round ended: ${x.word(e.reason)}`, (e, x) => `دور تمام شد: ${x.word(e.reason)}`],
  ScoreAdjusted: [
    (e, x) => `${x.who(e.seat)}'s score ${e.op === 'halve' ? 'was halved' : 'took a debt'} (${x.n(e.delta)})`,
    (e, x) => `امتیاز ${x.who(e.seat)} ${e.op === 'halve' ? 'نصف شد' : 'بدهی گرفت'} (${x.n(e.delta)})`,
  ],
  KeptForNext: [(e, x) => `${x.who(e.seat)} kept ${x.card(e.card)} for the next round`, (e, x) => `${x.who(e.seat)} ${x.card(e.card)} را برای دور بعد نگه داشت`],
  ScoreStepDone: [() => 'A scoring power was applied', () => 'قدرتی در امتیازشماری اعمال شد'],
  RoundScored: [
    (e, x) => `Round ${x.n(e.round)} scored (lowest total wins): ${e.roundScores.map((v, s) => `${x.who(s)} +${x.n(v)}`).join(', ')}${e.caller === null ? '' : `; ${x.who(e.caller)}'s call ${e.callSucceeded ? 'succeeded' : 'failed'}`}`,
    (e, x) => `امتیاز دور ${x.n(e.round)} (کمترین جمع می‌برد): ${e.roundScores.map((v, s) => `${x.who(s)} +${x.n(v)}`).join('، ')}${e.caller === null ? '' : `؛ رأی‌گیری ${x.who(e.caller)} ${e.callSucceeded ? 'موفق بود' : 'شکست خورد'}`}`,
  ],
  TokenAssigned: [(e, x) => `${x.who(e.holder)} holds the silver token${e.active ? '' : ' (inactive)'}`, (e, x) => `نشان نقره نزد ${x.who(e.holder)} است${e.active ? '' : ' (غیرفعال)'}`],
  GameOver: [(e, x) => `Game over (lowest total wins): ${x.list(e.winners.map(x.who))} won`, (e, x) => `پایان بازی (کمترین جمع می‌برد): ${x.list(e.winners.map(x.who))} برنده شد`],
};
