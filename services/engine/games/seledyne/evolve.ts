/** evolve: total and deterministic; shallow copies only. */
import type { Card } from './cards.js';
import type { SeledyneEvent } from './events.js';
import { hasSpecial, newTurn, sixFace, withPlayer, without, type Choice, type State, type Turn } from './state.js';

const ids = (cards: readonly Card[]) => cards.map((c) => c.id);
const setAt = <T>(xs: readonly T[], i: number, x: T) => xs.map((y, j) => (j === i ? x : y));

function beginTurns(s: State): State {
  return { ...s, phase: 'turn', current: s.startSeat, turnsTaken: 0, eligible: s.eligible.map(() => false), pending: s.pending.map(() => null), turn: newTurn(s, s.startSeat) };
}

/** One copy of the state with the turn patched (and other fields replaced). */
function withTurn(s: State, f: (t: Turn) => Partial<Turn>, extra?: Partial<State>): State {
  return { ...s, ...extra, turn: { ...s.turn!, ...f(s.turn!) } };
}

function moveToHand(s: State, seat: number, card: Card | null): State {
  if (!card) return s;
  return { ...s, players: withPlayer(s, seat, (p) => ({ ...p, hand: [...p.hand, card], reserve: without(p.reserve, [card.id]) })) };
}

export function evolve(s: State, e: SeledyneEvent): State {
  switch (e.type) {
    case 'StageStarted':
      return {
        ...s,
        phase: 'roll',
        stage: e.stage,
        round: 1,
        startSeat: e.startSeat,
        players: s.players.map((p, i) => ({ ...p, hand: e.hands[i] ?? [], reserve: e.reserves[i] ?? [], counter: [], die: 0, tributedSum: 0 })),
        istham: [],
        current: null,
        turnsTaken: 0,
        lastRound: false,
        triggerSeat: null,
        nonGiftStreak: 0,
        eligible: s.eligible.map(() => false),
        pending: s.pending.map(() => null),
        turn: null,
        endReason: null,
      };
    case 'RoundDrawChosen':
      return { ...s, pending: setAt<Choice | null>(s.pending, e.seat, { draw: e.draw ?? true, card: e.card }) };
    case 'RoundDrawResolved': {
      let next: State = { ...s, phase: 'roll', eligible: s.eligible.map(() => false), pending: s.pending.map(() => null) };
      for (const d of e.draws) next = moveToHand(next, d.seat, d.card);
      return next;
    }
    case 'Rolled': {
      const players = s.players.map((p, i) => ({ ...p, die: e.dice[i]! }));
      const eligible = players.map((p) => p.die === sixFace(s.options) && (p.reserve.length > 0 || !s.options.sixRuleRequiresReserveCard));
      const next: State = { ...s, players, eligible, pending: s.pending.map(() => null) };
      return eligible.some(Boolean) ? { ...next, phase: 'six' } : beginTurns(next);
    }
    case 'SixRuleChosen':
      return { ...s, pending: setAt<Choice | null>(s.pending, e.seat, { draw: e.use ?? false, card: e.card }) };
    case 'SixRuleResolved': {
      let next: State = s;
      for (const r of e.results) {
        if (r.use) {
          const moved = moveToHand(next, r.seat, r.card);
          next = { ...moved, players: withPlayer(moved, r.seat, (p) => ({ ...p, die: sixFace(s.options) - 1 })) };
        }
        next = { ...next, eligible: setAt(next.eligible, r.seat, false), pending: setAt<Choice | null>(next.pending, r.seat, null) };
      }
      return next.eligible.some(Boolean) ? next : beginTurns(next);
    }
    case 'Exchanged': {
      const give = e.give!;
      const take = e.take!;
      const players = withPlayer(s, e.seat, (p) => ({ ...p, hand: [...without(p.hand, [give.id]), take], reserve: [...without(p.reserve, [take.id]), give] }));
      return withTurn(s, (t) => ({ exchanges: t.exchanges + 1 }), { players });
    }
    case 'TributeSelected':
      return withTurn(s, (t) => ({ step: 'select', selection: [...t.selection, e.card] }));
    case 'Tributed': {
      const value = e.cards.reduce((t, c) => t + c.value, 0);
      const players = withPlayer(s, e.seat, (p) => ({ ...p, counter: without(p.counter, ids(e.cards)), tributedSum: p.tributedSum + value }));
      const istham = [...s.istham, ...e.cards.map((card) => ({ card, tributedBy: e.seat, stage: s.stage, round: s.round }))];
      const drawing = e.drawsEarned > 0 && players[e.seat]!.reserve.length > 0;
      return withTurn(s, () => ({
        step: drawing ? 'draws' : 'ready',
        selection: [],
        tributed: e.cards.length,
        boost: e.boost,
        effective: e.effectiveDie,
        drawsLeft: drawing ? e.drawsEarned : 0,
      }), { players, istham });
    }
    case 'SixMultipleDrawn': {
      const next = moveToHand(s, e.seat, e.card);
      const left = s.turn!.drawsLeft - 1;
      const more = left > 0 && next.players[e.seat]!.reserve.length > 0;
      return withTurn(next, () => ({ drawsLeft: more ? left : 0, step: more ? 'draws' : 'ready' }));
    }
    case 'DrawsStopped':
      return withTurn(s, () => ({ drawsLeft: 0, step: 'ready' }));
    case 'Gifted': {
      const giver = s.players[e.seat]!;
      const sumActive = s.turn!.sumActive ?? (hasSpecial(giver.hand, 'SUM') || hasSpecial(giver.counter, 'SUM'));
      let players = withPlayer(s, e.seat, (p) => ({ ...p, hand: without(p.hand, ids(e.cards)) }));
      players = players.map((p, i) => (i === e.target ? { ...p, counter: [...p.counter, ...e.cards] } : p));
      return withTurn(s, (t) => ({ step: 'gifting', targets: [...t.targets, e.target], sumActive }), { players });
    }
    case 'LastRoundTriggered':
      return { ...s, lastRound: true, triggerSeat: e.seat, nonGiftStreak: 0 };
    case 'TurnEnded': {
      const turnsTaken = s.turnsTaken + 1;
      const seat = (e.seat + 1) % s.seats;
      if (s.lastRound) {
        const streak = e.gifted ? 0 : s.nonGiftStreak + 1;
        if (streak >= s.seats) return { ...s, turnsTaken, turn: null, nonGiftStreak: streak, phase: 'stageEnd', endReason: 'lastRound', current: null };
        return { ...s, turnsTaken, nonGiftStreak: streak, current: seat, turn: newTurn(s, seat) };
      }
      if (turnsTaken >= s.seats) return { ...s, turnsTaken, turn: null, phase: 'roundEnd', current: null };
      return { ...s, turnsTaken, current: seat, turn: newTurn(s, seat) };
    }
    case 'RoundEnded':
      return {
        ...s,
        phase: 'draw',
        round: e.round,
        startSeat: e.startSeat,
        turnsTaken: 0,
        current: null,
        eligible: s.players.map((p) => p.reserve.length > 0),
        pending: s.pending.map(() => null),
      };
    case 'StageEnded': {
      const players = s.players.map((p, i) => {
        const r = e.scores[i]!;
        return { ...p, total: r.total, raw: r.raw, stageScores: [...p.stageScores, r.score] };
      });
      return {
        ...s,
        players,
        phase: e.winners ? 'over' : 'setup',
        startSeat: e.startSeat ?? s.startSeat,
        current: null,
        turn: null,
        endReason: null,
        results: [...s.results, { stage: e.stage, reason: e.reason, scores: e.scores }],
        winners: e.winners,
      };
    }
  }
}
