/**
 * evolve: total and deterministic; shallow copies only (see state.ts `update`).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { append, appendAll, setAt } from '../../core/index.js';
import type { Card } from './cards.js';
import type { SeledyneEvent } from './events.js';
import { copyPlayer, copyState, copyTurn, hasSpecial, knownInHand, newTurn, sixFace, update, updatePlayer, updateTurn, without, type Choice, type IsthamEntry, type Player, type State, type Turn } from './state.js';

// states are never changed in place: an array that already holds the answer is reused
function falses(xs: readonly boolean[]): boolean[] {
  for (const x of xs) if (x) return xs.map(() => false);
  return xs as boolean[];
}
function nulls(xs: readonly (Choice | null)[]): (Choice | null)[] {
  for (const x of xs) if (x !== null) return xs.map(() => null);
  return xs as (Choice | null)[];
}

/** The players with seat `seat` patched. */
function players(s: State, seat: number, f: (p: Player) => Partial<Player>): Player[] {
  return s.players.map((p, i) => (i === seat ? updatePlayer(p, f(p)) : p));
}

function beginTurns(s: State, players: Player[]): State {
  // one copy, finished before anyone sees it
  const next = copyState(s);
  next.players = players;
  next.phase = 'turn';
  next.current = s.startSeat;
  next.turnsTaken = 0;
  next.eligible = falses(s.eligible);
  next.pending = nulls(s.pending);
  next.turn = newTurn(next, s.startSeat);
  return next;
}

/** One copy of the state with the turn patched (and other fields replaced). */
function withTurn(s: State, patch: Partial<Turn>, extra: Partial<State> = {}): State {
  extra.turn = updateTurn(s.turn!, patch);
  return update(s, extra);
}

/**
 * What everyone knows to be in the giver's hand after a gift (§4.5, §6.1): the given cards leave
 * it; a gift of several cards needed a Sum card in hand or counter when the rule was checked (the
 * counter does not change while its owner gives), so with none in the counter the giver's own Sum
 * card, if it was not given, is in the hand.
 */
function knownAfterGift(giver: Player, cards: readonly Card[], hand: readonly Card[]): Card[] {
  const before = knownInHand(giver);
  const known = before.length === 0 ? before : withoutCards(before, cards);
  if (cards.length < 2 || hasSpecial(giver.counter, 'SUM')) return known;
  const sum = hand.find((c) => c.special === 'SUM');
  return sum && !known.some((c) => c.id === sum.id) ? [...known, sum] : known;
}

const toHand = (card: Card) => (p: Player) => ({ hand: [...p.hand, card], reserve: without(p.reserve, [card.id]) });

/** `cards` less those of `gone` (by id), as a loop. */
function withoutCards(cards: readonly Card[], gone: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (const c of cards) {
    let kept = true;
    for (const x of gone) if (x.id === c.id) kept = false;
    if (kept) out.push(c);
  }
  return out;
}

/** `cards` without the card `goneId`, then `added` (an exchange's two sides). */
function swapped(cards: readonly Card[], goneId: string, added: Card): Card[] {
  const out: Card[] = [];
  for (const c of cards) if (c.id !== goneId) out.push(c);
  out.push(added);
  return out;
}

const NO_DRAWS: Extract<SeledyneEvent, { type: 'RoundDrawResolved' }> = { type: 'RoundDrawResolved', draws: [] };

type Handler<T extends SeledyneEvent['type']> = (s: State, e: Extract<SeledyneEvent, { type: T }>) => State;

/**
 * One function per event type, not one switch: V8 compiles each on its own, small, and a type seen
 * late (a stage end, a Six-Multiple draw) recompiles only its own handler. As one switch, evolve was
 * compiled about ten times while a game's first games ran, some 130 ms each.
 */
const on: { [T in SeledyneEvent['type']]: Handler<T> } = {
  StageStarted(s, e) {
    return update(s, {
      phase: 'roll',
      stage: e.stage,
      round: 1,
      startSeat: e.startSeat,
      players: s.players.map((p, i) => updatePlayer(p, { hand: e.hands[i] ?? [], reserve: e.reserves[i] ?? [], counter: [], die: 0, tributedSum: 0, knownInHand: [] })),
      istham: [],
      current: null,
      turnsTaken: 0,
      lastRound: false,
      triggerSeat: null,
      nonGiftStreak: 0,
      eligible: falses(s.eligible),
      pending: nulls(s.pending),
      turn: null,
      endReason: null,
    });
  },
  RoundDrawChosen(s, e) {
    return update(s, { pending: setAt<Choice | null>(s.pending, e.seat, { draw: e.draw ?? true, card: e.card }) });
  },
  RoundDrawResolved(s, e) {
    // one copy of the list, each drawer copied field by field: a round draw begins most rounds
    let ps = s.players;
    for (const d of e.draws) {
      if (!d.card) continue;
      if (ps === s.players) ps = s.players.slice();
      const was = ps[d.seat]!;
      const p = copyPlayer(was);
      p.hand = append(was.hand, d.card);
      p.reserve = without(was.reserve, [d.card.id]);
      ps[d.seat] = p;
    }
    const n = copyState(s);
    n.phase = 'roll';
    n.players = ps;
    n.eligible = falses(s.eligible);
    n.pending = nulls(s.pending);
    return n;
  },
  Rolled(s, e) {
    // one loop, no callbacks: a roll begins every round, and late in a stage most rounds play themselves
    const rolled: Player[] = [];
    const six = sixFace(s.options);
    const needsReserve = s.options.sixRuleRequiresReserveCard;
    let any = false;
    for (let i = 0; i < s.players.length; i++) {
      const n = copyPlayer(s.players[i]!);
      n.die = e.dice[i]!;
      rolled.push(n);
      if (n.die === six && (n.reserve.length > 0 || !needsReserve)) any = true;
    }
    if (!any) return beginTurns(s, rolled);
    const eligible = rolled.map((p) => p.die === six && (p.reserve.length > 0 || !needsReserve));
    return update(s, { players: rolled, eligible, pending: nulls(s.pending), phase: 'six' });
  },
  SixRuleChosen(s, e) {
    return update(s, { pending: setAt<Choice | null>(s.pending, e.seat, { draw: e.use ?? false, card: e.card }) });
  },
  SixRuleResolved(s, e) {
    // loops, not a Map and callbacks: a Six Rule window opens in about a third of rounds
    const ps = s.players.slice();
    const eligible = s.eligible.slice();
    const pending = s.pending.slice();
    for (const r of e.results) {
      eligible[r.seat] = false;
      pending[r.seat] = null;
      if (!r.use) continue;
      const was = s.players[r.seat]!;
      const p = copyPlayer(was);
      p.die = sixFace(s.options) - 1;
      if (r.card) {
        p.hand = append(was.hand, r.card);
        p.reserve = without(was.reserve, [r.card.id]);
      }
      ps[r.seat] = p;
    }
    return eligible.includes(true) ? update(s, { players: ps, eligible, pending }) : beginTurns(s, ps);
  },
  Exchanged(s, e) {
    const give = e.give!;
    const take = e.take!;
    // field by field, as the turn's events below (an exchange is about one move in eleven)
    const ps = s.players.slice();
    const was = s.players[e.seat]!;
    const p = copyPlayer(was);
    p.hand = swapped(was.hand, give.id, take);
    p.reserve = swapped(was.reserve, take.id, give);
    // the others do not see which card went back to the reserve: what they knew of the hand is gone
    p.knownInHand = [];
    ps[e.seat] = p;
    const turn = copyTurn(s.turn!);
    turn.exchanges = s.turn!.exchanges + 1;
    // an exchange after the gifts (T5) closes the gift step (§4.1 order T3 → T4 → T5)
    if (e.at === 'T5') turn.step = 'closing';
    const n = copyState(s);
    n.players = ps;
    n.turn = turn;
    return n;
  },
  // The turn's own events below copy field by field, without patch objects or callbacks: they are
  // most moves' events, and V8 copies an object literal far faster than Object.assign or a spread.
  TributeSelected(s, e) {
    const turn = copyTurn(s.turn!);
    turn.step = 'select';
    turn.selection = append(s.turn!.selection, e.card);
    const n = copyState(s);
    n.turn = turn;
    return n;
  },
  Tributed(s, e) {
    let value = 0;
    for (const c of e.cards) value += c.value;
    const ps = s.players.slice();
    const was = s.players[e.seat]!;
    const p = copyPlayer(was);
    p.counter = withoutCards(was.counter, e.cards);
    p.tributedSum = was.tributedSum + value;
    ps[e.seat] = p;
    // sized once (a copy then pushes grew the copy's store again)
    const istham = new Array<IsthamEntry>(s.istham.length + e.cards.length);
    for (let i = 0; i < s.istham.length; i++) istham[i] = s.istham[i]!;
    for (let i = 0; i < e.cards.length; i++) istham[s.istham.length + i] = { card: e.cards[i]!, tributedBy: e.seat, stage: s.stage, round: s.round };
    const drawing = e.drawsEarned > 0 && p.reserve.length > 0;
    const turn = copyTurn(s.turn!);
    turn.step = drawing ? 'draws' : 'ready';
    turn.selection = [];
    turn.tributed = e.cards.length;
    turn.boost = e.boost;
    turn.effective = e.effectiveDie;
    turn.drawsLeft = drawing ? e.drawsEarned : 0;
    const n = copyState(s);
    n.players = ps;
    n.istham = istham;
    n.turn = turn;
    return n;
  },
  SixMultipleDrawn(s, e) {
    const ps = e.card ? players(s, e.seat, toHand(e.card)) : s.players;
    const left = s.turn!.drawsLeft - 1;
    const more = left > 0 && ps[e.seat]!.reserve.length > 0;
    return withTurn(s, { drawsLeft: more ? left : 0, step: more ? 'draws' : 'ready' }, { players: ps });
  },
  DrawsStopped(s, e) {
    return withTurn(s, { drawsLeft: 0, step: 'ready' });
  },
  Gifted(s, e) {
    const t = s.turn!;
    const giver = s.players[e.seat]!;
    const sumActive = t.sumActive ?? (hasSpecial(giver.hand, 'SUM') || hasSpecial(giver.counter, 'SUM'));
    const ps = s.players.slice();
    const g = copyPlayer(giver);
    g.hand = withoutCards(giver.hand, e.cards);
    g.knownInHand = knownAfterGift(giver, e.cards, g.hand);
    ps[e.seat] = g;
    const target = s.players[e.target];
    if (target && e.target !== e.seat) {
      const r = copyPlayer(target);
      r.counter = appendAll(target.counter, e.cards);
      ps[e.target] = r;
    }
    const turn = copyTurn(t);
    turn.step = 'gifting';
    turn.targets = append(t.targets, e.target);
    turn.sumActive = sumActive;
    turn.sumShown = (t.sumShown ?? false) || e.cards.length > 1 || hasSpecial(e.cards, 'SUM');
    const n = copyState(s);
    n.players = ps;
    n.turn = turn;
    return n;
  },
  LastRoundTriggered(s, e) {
    return update(s, { lastRound: true, triggerSeat: e.seat, nonGiftStreak: 0 });
  },
  TurnEnded(s, e) {
    const n = copyState(s);
    n.turnsTaken = s.turnsTaken + 1;
    const seat = (e.seat + 1) % s.seats;
    let over = n.turnsTaken >= s.seats;
    if (s.lastRound) {
      n.nonGiftStreak = e.gifted ? 0 : s.nonGiftStreak + 1;
      over = n.nonGiftStreak >= s.seats;
      if (over) {
        n.phase = 'stageEnd';
        n.endReason = 'lastRound';
      }
    } else if (over) n.phase = 'roundEnd';
    n.current = over ? null : seat;
    n.turn = over ? null : newTurn(s, seat);
    return n;
  },
  RoundEnded(s, e) {
    const n = copyState(s);
    n.phase = 'draw';
    n.round = e.round;
    n.startSeat = e.startSeat;
    n.turnsTaken = 0;
    n.current = null;
    n.eligible = s.players.map((p) => p.reserve.length > 0);
    n.pending = nulls(s.pending);
    return n;
  },
  RoundsRolled(s, e) {
    // Only the last round leaves a trace: reserves are empty (no draws), every turn of the rounds
    // before it ended unplayed (each next roll overwrites every die), and decide emits it only
    // outside the last round (no streak of passes counts). So: that round's start, roll and turns.
    const rows = e.dice.length;
    let n = on.RoundEnded(s, { type: 'RoundEnded', round: e.round + rows - 1, startSeat: (e.startSeat + rows - 1) % s.seats });
    n = on.RoundDrawResolved(n, NO_DRAWS);
    n = on.Rolled(n, { type: 'Rolled', dice: e.dice[rows - 1]! });
    const k = e.turnsEnded;
    if (k === 0) return n;
    if (n.phase !== 'turn' || n.lastRound || n.turnsTaken !== 0 || k > s.seats) {
      for (let i = 0; i < k; i++) n = on.TurnEnded(n, { type: 'TurnEnded', seat: n.current!, gifted: false, auto: true });
      return n;
    }
    // the usual case in one copy: k turns from the start seat ended unplayed (what k TurnEnded give)
    const m = copyState(n);
    const over = k >= s.seats;
    const seat = (n.startSeat + k) % s.seats;
    m.turnsTaken = k;
    if (over) m.phase = 'roundEnd';
    m.current = over ? null : seat;
    m.turn = over ? null : newTurn(n, seat);
    return m;
  },
  StageEnded(s, e) {
    return update(s, {
      players: s.players.map((p, i) => {
        const r = e.scores[i]!;
        return updatePlayer(p, { total: r.total, raw: r.raw, stageScores: [...p.stageScores, r.score] });
      }),
      phase: e.winners ? 'over' : 'setup',
      startSeat: e.startSeat ?? s.startSeat,
      current: null,
      turn: null,
      endReason: null,
      results: [...s.results, { stage: e.stage, reason: e.reason, scores: e.scores }],
      winners: e.winners,
    });
  },
};

export function evolve(s: State, e: SeledyneEvent): State {
  return (on[e.type] as (s: State, e: SeledyneEvent) => State)(s, e);
}
