/** evolve: applies one event; total, deterministic, shallow copies only. */
import { setAt } from '../../core/index.js';
import type { Event, Loc } from './events.js';
import { scoringQueue } from './scoring.js';
import { bit, copyState, PUBLIC, type State, type Turn } from './state.js';

/** Removes the card at `from`, returns its id (mutates the already-copied state `s`). */
function remove(s: State, from: Loc): number {
  switch (from.z) {
    case 'deck': {
      const id = s.deck[s.deck.length - 1]!;
      s.deck = s.deck.slice(0, -1);
      return id;
    }
    case 'discard': {
      const id = s.discard[s.discard.length - 1]!;
      s.discard = s.discard.slice(0, -1);
      return id;
    }
    case 'bottom': {
      const id = s.discard[0]!;
      s.discard = s.discard.slice(1);
      return id;
    }
    case 'pile':
      return splice(s, 'discard', from.i);
    case 'display':
      return splice(s, 'display', from.i);
    case 'hand':
      return splice(s, 'hand', from.i);
    case 'village': {
      const row = s.villages[from.s]!.slice();
      const [id] = row.splice(from.p, 1);
      s.villages = setAt(s.villages, from.s, row);
      return id!;
    }
    case 'kept': {
      const row = s.kept[from.s]!.slice();
      const [id] = row.splice(from.i, 1);
      s.kept = s.kept.map((r, i) => (i === from.s ? row : r));
      return id!;
    }
  }
}

function splice(s: State, key: 'discard' | 'display' | 'hand', i: number): number {
  const arr = s[key].slice();
  const [id] = arr.splice(i, 1);
  s[key] = arr;
  return id!;
}

function put(s: State, to: Loc, id: number) {
  switch (to.z) {
    case 'deck':
      s.deck = [...s.deck, id];
      break;
    case 'discard':
      s.discard = [...s.discard, id];
      break;
    case 'bottom':
      s.discard = [id, ...s.discard];
      break;
    case 'pile': {
      const arr = s.discard.slice();
      arr.splice(to.i, 0, id);
      s.discard = arr;
      break;
    }
    case 'display':
      s.display = [...s.display, id];
      break;
    case 'hand':
      s.hand = [...s.hand, id];
      break;
    case 'village': {
      const row = s.villages[to.s]!.slice();
      row.splice(to.p, 0, id);
      s.villages = setAt(s.villages, to.s, row);
      break;
    }
    case 'kept': {
      s.kept = s.kept.map((r, i) => (i === to.s ? [...r, id] : r));
      break;
    }
  }
}

/** The turn with these fields changed, as a literal in its key order (an object spread is slower on this hot path). */
const turn = (t: Turn, main: boolean, free: boolean, used: number[]): Turn => ({ seat: t.seat, main, free, used, extra: t.extra, emptyAtStart: t.emptyAtStart, upAtStart: t.upAtStart });
const token = (t: State['token'], holder: number, active: boolean, used: boolean): State['token'] => ({ kind: t.kind, holder, active, used });

/** The Bodyguard namings still standing: the Bodyguard and its card in one village. */
function keptGuards(s: State): State['guards'] {
  // Loops: asked after each card move while a Bodyguard names a card. The list is kept as it is when every naming stands.
  let out: State['guards'] | null = null;
  for (let i = 0; i < s.guards.length; i++) {
    const g = s.guards[i]!;
    let stands = false;
    for (let r = 0; r < s.villages.length && !stands; r++) stands = s.villages[r]!.includes(g.bg) && s.villages[r]!.includes(g.card);
    if (!stands) out ??= s.guards.slice(0, i);
    else if (out) out.push(g);
  }
  return out ?? s.guards;
}

export function evolve(state: State, e: Event): State {
  const s = copyState(state);
  applyEvent(s, e);
  return s;
}

/**
 * Applies one event in place to a state that is no one else's: a copy `evolve` just made. decide's
 * working copy (sim.ts) is made by its first event's `evolve` and then changed by the rest here,
 * one copy of the state per move instead of one per event. Arrays are still replaced, never
 * changed, so what the states before share stays as it was.
 */
export function applyEvent(s: State, e: Event): void {
  switch (e.type) {
    case 'RoundDealt': {
      const villages = e.villages ?? [];
      s.round = e.round;
      s.start = e.start;
      s.villages = villages.slice(0, s.seats);
      s.box = [...(e.box ?? []), ...villages.slice(s.seats).flat()];
      s.deck = e.deck ?? [];
      s.kept = s.keptNext;
      s.keptNext = s.kept.map(() => []);
      s.discard = [];
      s.display = [];
      s.hand = [];
      s.up = Array(52).fill(false);
      s.rot = Array(52).fill(false);
      s.known = Array(52).fill(0);
      for (const row of s.kept) for (const id of row) s.known[id] = PUBLIC;
      s.guards = [];
      s.amulet = null;
      s.dead = [];
      s.dir = 1;
      s.skip = false;
      s.deckOut = false;
      s.caller = null;
      s.owes = [];
      s.peeked = Array(s.seats).fill(false);
      s.turn = null;
      s.pending = null;
      s.endReason = null;
      s.upBefore = [];
      s.scoring = null;
      s.token = token(s.token, s.token.holder, s.token.active, false);
      s.phase = s.kept.some((r) => r.length > 0) ? 'commander' : 'peek';
      return;
    }
    case 'DeckShuffled': {
      s.deck = e.deck ?? [];
      const known = s.known.slice();
      for (const id of s.deck) known[id] = 0;
      s.known = known;
      return;
    }
    case 'Move': {
      const id = remove(s, e.from);
      put(s, e.to, id);
      let k = s.known[id]!;
      if (e.to.z === 'discard' || e.to.z === 'bottom' || e.to.z === 'display' || e.to.z === 'pile' || e.pub) k |= PUBLIC;
      if (e.learn && typeof e.vis === 'number') k |= bit(e.vis);
      if (e.to.z === 'village') {
        if (e.up) k |= PUBLIC;
        if (s.up[id] !== (e.up ?? false)) s.up = setAt(s.up, id, e.up ?? false);
      } else {
        if (s.up[id]) s.up = setAt(s.up, id, false);
      }
      if (k !== s.known[id]) s.known = setAt(s.known, id, k);
      if ((e.to.z === 'discard' || e.to.z === 'bottom') && s.rot[id]) s.rot = setAt(s.rot, id, false);
      if (e.to.z === 'discard' || e.to.z === 'bottom') {
        if (s.dead.includes(id)) s.dead = s.dead.filter((x) => x !== id);
      }
      if (e.to.z === 'hand' && (e.from.z === 'discard' || e.from.z === 'pile') && s.o.discardTakeDisablesFU) s.dead = [...s.dead, id];
      if (e.from.z === 'deck' && s.phase === 'play' && s.deck.length === 0) s.deckOut = true;
      if ((e.from.z === 'village' || e.to.z === 'village') && s.guards.length > 0) s.guards = keptGuards(s);
      return;
    }
    case 'Flip': {
      const id = s.villages[e.s]![e.p]!;
      s.up = setAt(s.up, id, e.up);
      s.known = setAt(s.known, id, s.known[id]! | PUBLIC);
      if (!e.up && s.guards.length > 0) s.guards = s.guards.filter((g) => g.bg !== id);
      return;
    }
    case 'Swap': {
      const a = s.villages[e.a.s]![e.a.p]!;
      const b = s.villages[e.b.s]![e.b.p]!;
      s.villages = s.villages.map((r, i) => (i === e.a.s || i === e.b.s ? r.slice() : r));
      s.villages[e.a.s]![e.a.p] = b;
      s.villages[e.b.s]![e.b.p] = a;
      if (s.guards.length > 0) s.guards = keptGuards(s);
      return;
    }
    case 'Saw': {
      const id = e.at === 'deck' ? s.deck[s.deck.length - 1]! : s.villages[e.at.s]![e.at.p]!;
      s.known = setAt(s.known, id, s.known[id]! | bit(e.seat));
      return;
    }
    case 'Peeked': {
      const known = s.known.slice();
      for (const p of e.positions ?? []) {
        const id = s.villages[e.seat]![p]!;
        known[id] = known[id]! | bit(e.seat);
      }
      s.known = known;
      s.peeked = setAt(s.peeked, e.seat, true);
      return;
    }
    case 'Rotated': {
      const id = s.villages[e.s]![e.p]!;
      s.rot = setAt(s.rot, id, true);
      return;
    }
    case 'Reversed':
      s.dir = e.direction;
      if (e.skip) s.skip = true;
      return;
    case 'TokenUsed':
      s.token = token(s.token, s.token.holder, s.token.active, true);
      if (s.turn && e.blocksCall) s.turn = turn(s.turn, s.turn.main, true, s.turn.used);
      return;
    case 'AmuletPlaced':
      s.amulet = s.villages[e.s]![e.p]!;
      return;
    case 'Guarded': {
      const row = s.villages[e.s]!;
      const bg = row[e.bodyguard]!;
      s.guards = [...s.guards.filter((g) => g.bg !== bg), { bg, card: row[e.p]! }];
      if (s.turn?.seat === e.s) s.turn = turn(s.turn, s.turn.main, true, s.turn.used); // a free action: no call in this turn (§3.6)
      return;
    }
    case 'Activated': {
      const id = s.villages[e.seat]![e.position]!;
      if (s.turn) s.turn = turn(s.turn, s.turn.main, true, [...s.turn.used, id]);
      return;
    }
    case 'MainAction':
      if (s.turn) s.turn = turn(s.turn, true, s.turn.free, s.turn.used);
      if (e.action === 'call') {
        s.caller = e.seat;
        const owes: number[] = [];
        for (let i = 0; i < s.seats; i++) if (i !== e.seat) owes.push(i);
        s.owes = owes;
      }
      return;
    case 'Pending':
      s.pending = e.pending;
      return;
    case 'PeekPhase':
      s.phase = 'peek';
      s.pending = null;
      return;
    case 'TurnStarted': {
      const row = s.villages[e.seat]!;
      const upAtStart: number[] = []; // a loop: a filter's callback is dear at every turn
      for (const id of row) if (s.up[id]) upAtStart.push(id);
      s.phase = 'play';
      s.skip = false;
      s.deckOut = false; // a deck refilled in the last turn (deckOutCheck=atTurnEnd) plays on
      s.pending = null;
      s.turn = { seat: e.seat, main: false, free: false, used: [], extra: e.extra, emptyAtStart: row.length === 0, upAtStart };
      return;
    }
    case 'TurnEnded':
      if (s.owes.includes(e.seat)) s.owes = s.owes.filter((x) => x !== e.seat); // most turns end owing nothing: the array is kept
      s.turn = null;
      s.pending = null;
      return;
    case 'RoundEnded': {
      s.phase = 'scoring';
      s.endReason = e.reason;
      // Loops over the rows, not flat(): once per round, and a search's every playout ends here.
      const upBefore: number[] = [];
      const up = s.up.slice();
      const known = s.known.slice();
      for (const row of s.villages)
        for (const id of row) {
          if (up[id]) upBefore.push(id);
          up[id] = true;
          known[id] = known[id]! | PUBLIC;
        }
      s.upBefore = upBefore;
      s.up = up;
      s.known = known;
      s.turn = null;
      s.pending = null;
      s.scoring = { queue: scoringQueue(s), at: 0, adj: Array(s.seats).fill(0), halved: Array(s.seats).fill(0) };
      return;
    }
    case 'ScoreAdjusted':
      s.scoring = { ...s.scoring!, adj: setAt(s.scoring!.adj, e.seat, s.scoring!.adj[e.seat]! + e.delta), halved: e.op === 'halve' ? setAt(s.scoring!.halved, e.seat, s.scoring!.halved[e.seat]! + 1) : s.scoring!.halved };
      return;
    case 'KeptForNext': {
      const id = s.villages[e.seat]![e.position]!;
      s.keptNext = s.keptNext.map((r, i) => (i === e.seat ? [...r, id] : r));
      return;
    }
    case 'ScoreStepDone':
      s.scoring = { ...s.scoring!, at: s.scoring!.at + 1 };
      s.pending = null;
      return;
    case 'RoundScored':
      s.scores = e.scores;
      s.history = [...s.history, { round: e.round, reason: s.endReason ?? 'deck', totals: e.totals, roundScores: e.roundScores, caller: e.caller, callSucceeded: e.callSucceeded }];
      return;
    case 'TokenAssigned':
      s.token = token(s.token, e.holder, e.active, false);
      return;
    case 'GameOver':
      s.phase = 'over';
      s.winners = e.winners;
      return;
  }
}

