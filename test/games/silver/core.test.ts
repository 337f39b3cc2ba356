/** The core rules (docs/rules/silver.md §2, §3, §6), one test per rule, given/when/then. */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { numberOf } from '../../../services/engine/games/silver/cards.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import { initialState, type State } from '../../../services/engine/games/silver/state.js';
import { scenario } from '../../kit/gwt.js';
import { round } from './helpers.js';

const A = { edition: 'amulet' };
/** The Dagger deck: its Reverser (#11) and token. */
const D = { edition: 'dagger' };

describe('§2 setup', () => {
  for (const [seats, box] of [
    [2, 10],
    [3, 5],
    [4, 0],
  ] as const)
    it(`§2.2/§2.3 ${seats} players: 5 cards per village, ${box} to the box, 31 in the deck, one face-up discard`, () => {
      const o = silver.options.parse({});
      const events = silver.start(initialState({ seats, options: o }), fastRng(seats)) as Event[];
      const s = events.reduce((st, e) => silver.evolve(st, e), initialState({ seats, options: o })) as State;
      expect(s.villages.map((r) => r.length)).toEqual(Array(seats).fill(5));
      expect(s.box).toHaveLength(box);
      expect(s.deck).toHaveLength(31);
      expect(s.discard).toHaveLength(1);
      expect(silver.status(s)).toMatchObject({ phase: 'peek', toMove: [...Array(seats).keys()] });
      expect(s.token.active).toBe(false); // §5: inactive in round 1
    });

  it('§2.2 step 9 each player peeks at two own cards, seen by that player only', () => {
    const f = round({ villages: [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], deckSize: 20, peek: true });
    expect(silver.status(f.state).toMove).toEqual([0, 1]); // at the same time
    expect(f.view(null)).toMatchObject({ seat: null, toMove: [0, 1] }); // the view speaks the same vocabulary as the status
    const after = f.do(0, { type: 'peek', positions: [1, 3] });
    expect(after.row(0, 0)).toEqual([null, 2, null, 4, null]);
    expect(after.row(0, 1)).toEqual([null, null, null, null, null]);
    expect(silver.redact(after.last[0] as Event, 1)).toMatchObject({ type: 'Peeked', seat: 0, positions: null, cards: null });
    const done = after.do(1, { type: 'peek', positions: [0, 4] });
    expect(done.types()).toEqual(['Peeked', 'TurnStarted']);
  });

  it('ASSUMPTION simultaneousPeek=false: players peek one after another from the start player', () => {
    const f = round({ villages: [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], deckSize: 20, peek: true, start: 1, options: { simultaneousPeek: false } });
    expect(silver.status(f.state).toMove).toEqual([1]);
    expect(silver.status(f.do(1, { type: 'peek', positions: [0, 1] }).state).toMove).toEqual([0]);
  });
});

describe('§3 turns', () => {
  const base = { options: A, villages: [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], deck: [7], deckSize: 20, discard: [9] };

  it('§3.2 Draw: only the drawer sees the card', () => {
    const f = round(base).do(0, { type: 'draw' });
    expect(f.view(0).hand.map((c) => c?.number)).toEqual([7]);
    expect(f.view(1).hand).toEqual([null]);
    expect(f.legal(0)).toEqual(expect.arrayContaining([{ type: 'discard' }, { type: 'power' }, { type: 'exchange', positions: [0] }, { type: 'slide', position: 4 }]));
  });

  it('§3.2 A1 discard: the card goes face-up on the pile; its power is optional; the turn passes', () => {
    const f = round(base).all(0, { type: 'draw' }, { type: 'discard' });
    expect(f.view(1).discard.at(-1)?.number).toBe(7);
    expect(f.types()).toEqual(['Move', 'Pending', 'TurnEnded', 'TurnStarted']);
    expect(silver.status(f.state).toMove).toEqual([1]);
  });

  it('§3.2 A2 / §3.5 single exchange: the village card goes to the pile, the drawn card takes its exact place face-down', () => {
    const f = round(base).all(0, { type: 'draw' }, { type: 'exchange', positions: [2] });
    expect(f.truth(0)).toEqual([1, 2, 7, 4, 5]);
    expect(f.row(0, 0)).toEqual([null, null, 7, null, null]);
    expect(f.row(0, 1)).toEqual([null, null, null, null, null]);
    expect(f.view(1).discard.at(-1)?.number).toBe(3);
  });

  it('§3.3 Take: must exchange, enters face-up, never uses its discard power', () => {
    const f = round(base).do(0, { type: 'take' });
    expect(f.legal(0).map((c) => c.type)).not.toContain('discard');
    expect(f.legal(0).map((c) => c.type)).not.toContain('power');
    const g = f.do(0, { type: 'exchange', positions: [0] });
    expect(g.row(0, 1)).toEqual([9, null, null, null, null]);
    expect(g.view(1).villages[0]!.cards[0]!.faceUp).toBe(true);
  });

  it('§3.7 multi-card exchange: matching cards go to the pile lowest on top; the new card takes a chosen vacated place, the rest close up', () => {
    const f = round({ ...base, villages: [[5, 3, 5, 8, 5], [1, 1, 1]], deck: [2] }).all(0, { type: 'draw' }, { type: 'slide', position: 0 }, { type: 'slide', position: 2 }, { type: 'slide', position: 4 }, { type: 'exchange' });
    expect(f.legal(0)).toEqual([{ type: 'place', position: 0 }, { type: 'place', position: 1 }, { type: 'place', position: 2 }]);
    const g = f.do(0, { type: 'place', position: 1 });
    expect(g.truth(0)).toEqual([3, 2, 8]);
    expect(g.view(1).discard.slice(-3).map((c) => c.number)).toEqual([5, 5, 5]);
  });

  it('§3.7 / §4.1 #13 Doppelgänger matches as a wildcard; the lowest card ends on top', () => {
    const f = round({ ...base, villages: [[13, 4, 4, 1], [1]], deck: [2] }).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1, 2] });
    expect(f.state.pending?.kind).toBe('place');
    expect(f.view(1).discard.slice(-3).map((c) => c.number)).toEqual([13, 4, 4]);
  });

  it('ASSUMPTION doppelganger=strictPair: a Doppelgänger matches only in a pair', () => {
    const o = { ...base, options: { ...A, doppelganger: 'strictPair' }, villages: [[13, 4, 4, 1], [1]], deck: [2, 3] };
    expect(round(o).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1, 2] }).state.pending).toMatchObject({ kind: 'place', slots: null });
    expect(round(o).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1] }).state.pending).toMatchObject({ kind: 'place', slots: [0] });
  });

  it('§3.7 step 4 failed exchange: the cards go back face-down (now public), the drawn card is added at an end', () => {
    const f = round({ ...base, villages: [[5, 3, 6, 8, 1], [1]], deck: [2] }).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1] });
    expect(f.legal(0)).toEqual([{ type: 'place', end: 'left' }, { type: 'place', end: 'right' }]);
    const g = f.do(0, { type: 'place', end: 'right' });
    expect(g.truth(0)).toEqual([5, 3, 6, 8, 1, 2]);
    expect(g.row(0, 1)).toEqual([5, 3, null, null, null, null]);
    expect(g.view(1).villages[0]!.cards[0]).toMatchObject({ faceUp: false, publicKnown: true });
  });

  it('§3.7 step 5 critical failure: 3+ cards → one more card from the deck, seen by nobody, not even the owner', () => {
    const f = round({ ...base, villages: [[5, 3, 6, 8, 1], [1]], deck: [2, 11] }).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1, 2] }, { type: 'place', end: 'left' });
    expect(f.state.pending).toMatchObject({ kind: 'place', slots: null });
    const g = f.do(0, { type: 'place', end: 'right' });
    expect(g.truth(0)).toEqual([2, 5, 3, 6, 8, 1, 11]);
    expect(g.row(0, 0)).toEqual([2, 5, 3, 6, null, null, null]);
  });

  it('§3.7 step 5 criticalFailure=threeValues: three cards of two values give no penalty card', () => {
    const o = { ...base, options: { ...A, criticalFailure: 'threeValues' }, villages: [[5, 5, 3, 8, 1], [1]], deck: [2, 11] };
    const f = round(o).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1, 2] }, { type: 'place', end: 'left' });
    expect(f.truth(0)).toHaveLength(6);
  });

  it('§3.4 Call: only with 4 or fewer cards in the village', () => {
    round(base).refused(0, { type: 'call' }, '4 or fewer');
    const f = round({ ...base, villages: [[1, 2, 3, 4], [6, 7, 8, 9, 10]] }).do(0, { type: 'call' });
    expect(f.types()).toEqual(['MainAction', 'TurnEnded', 'TurnStarted']);
    expect(f.state.caller).toBe(0);
  });

  it('§3.4 after a call every other player has exactly one more turn, nobody else calls, then the round ends', () => {
    const f = round({ ...base, villages: [[1, 2, 3, 4], [6, 7, 8], [9, 9]], deck: [6, 7, 8], seats: 3 }).do(0, { type: 'call' });
    expect(f.legal(1).map((c) => c.type)).not.toContain('call');
    const g = f.all(1, { type: 'draw' }, { type: 'discard' });
    expect(silver.status(g.state).toMove).toEqual([2]);
    const h = g.all(2, { type: 'draw' }, { type: 'discard' });
    expect(h.types()).toContain('RoundEnded');
    expect(h.state.history[0]).toMatchObject({ caller: 0, totals: [10, 21, 18], roundScores: [0, 21, 18], callSucceeded: true });
  });

  it('§3.4 no call in a turn where a power or token was used', () => {
    const f = round({ ...base, villages: [[2, 1, 3], [6]], up: [[0, 0]] }).do(0, { type: 'activate', position: 0, option: 0 });
    expect(f.state.pending?.kind).toBe('power');
    const g = f.do(0, { type: 'target', seat: 0, position: 1 });
    expect(g.legal(0).map((c) => c.type)).not.toContain('call');
  });

  it('§3.4/§3.6 no call in a turn with a free action: naming the Bodyguard’s card', () => {
    const f = round({ ...base, villages: [[3, 1, 4], [6]], up: [[0, 0]] });
    expect(f.legal(0)).toContainEqual({ type: 'call' });
    const g = f.do(0, { type: 'guard', bodyguard: 0, position: 1 });
    expect(g.legal(0)).not.toContainEqual({ type: 'call' });
    g.refused(0, { type: 'call' });
  });

  it('§3.4 final turns follow the direction when it changes (Dagger Reverser)', () => {
    const f = round({ seats: 4, options: D, villages: [[1, 2], [3, 3, 3], [6, 6, 6], [8, 8, 8]], deck: [11, 7, 7], deckSize: 20 }).do(0, { type: 'call' });
    expect(silver.status(f.state).toMove).toEqual([1]);
    const g = f.all(1, { type: 'draw' }, { type: 'power' });
    expect(g.state.dir).toBe(-1);
    expect(silver.status(g.state).toMove).toEqual([3]); // 0 (the caller) is skipped
    const h = g.all(3, { type: 'draw' }, { type: 'discard' });
    expect(silver.status(h.state).toMove).toEqual([2]);
    expect(h.all(2, { type: 'draw' }, { type: 'discard' }).types()).toContain('RoundEnded');
  });

  it('§3.4/§5.4 a 2-player skip never gives an extra final turn', () => {
    const f = round({ options: D, villages: [[1], [2, 3]], token: { holder: 1, active: true }, deck: [6, 7], deckSize: 20 }).do(0, { type: 'call' });
    const g = f.all(1, { type: 'token' }, { type: 'draw' }, { type: 'discard' });
    expect(g.types()).toContain('RoundEnded');
  });

  it('§3.6 free actions may come before or after the main action; then the player ends the turn', () => {
    const f = round({ ...base, villages: [[2, 1, 3], [6]], up: [[0, 0]] }).all(0, { type: 'draw' }, { type: 'discard' });
    expect(f.legal(0)).toEqual([{ type: 'activate', position: 0, option: 0 }, { type: 'end' }]);
    const g = f.all(0, { type: 'activate', position: 0, option: 0 }, { type: 'target', seat: 0, position: 1 });
    expect(g.types()).toContain('TurnStarted'); // nothing left to do: the turn ends by itself
  });

  it('§6.1 Squire display cards are not the deck: the round ends when the deck itself is empty', () => {
    const f = round({ ...base, villages: [[1, 2], [6]], up: [[0, 0]], deck: [3, 4], deckSize: 2 });
    expect(f.view(0).display.map((c) => c.number)).toEqual([]);
    const g = f.do(0, { type: 'draw' });
    expect(g.view(1).display).toHaveLength(1); // refilled from the last deck card
    expect(g.all(0, { type: 'discard' }).types()).toContain('RoundEnded');
  });

  it('§3.8 empty village at the start of a turn: draw (then discard or use the power) or call; no take', () => {
    const f = round({ ...base, villages: [[], [6, 7, 8, 9, 10]] });
    expect(f.legal(0)).toEqual([{ type: 'draw' }, { type: 'call' }]);
    expect(f.do(0, { type: 'draw' }).legal(0)).toEqual([{ type: 'discard' }]); // Beholder: nothing of yours to look at
  });

  it('§6.1 the deck running out ends the round at the end of that turn', () => {
    const f = round({ ...base, deck: [1], deckSize: 1 }).all(0, { type: 'draw' }, { type: 'discard' });
    expect(f.types()).toContain('RoundEnded');
    expect(f.state.history[0]!.reason).toBe('deck');
  });

  it('§6.1 the deck running out in the middle of a move: later draws (the penalty card) are skipped', () => {
    const f = round({ ...base, villages: [[5, 3, 6, 8, 1], [1]], deck: [2], deckSize: 1 }).all(0, { type: 'draw' }, { type: 'exchange', positions: [0, 1, 2] }, { type: 'place', end: 'left' });
    expect(f.types()).toContain('RoundEnded');
    expect(f.state.history[0]!.totals[0]).toBe(25);
  });

  it('§6.1 a call plus an empty deck ends the round before all final turns', () => {
    const f = round({ ...base, seats: 3, villages: [[1], [2, 2], [3, 3]], deck: [4], deckSize: 1 }).do(0, { type: 'call' }).all(1, { type: 'draw' }, { type: 'discard' });
    expect(f.types()).toContain('RoundEnded');
    expect(f.state.history[0]).toMatchObject({ reason: 'deck', caller: 0, roundScores: [0, 4, 6] });
  });
});

describe('§6 scoring and the token', () => {
  const called = (villages: number[][], opts: Record<string, unknown> = {}) =>
    round({ options: { ...A, ...opts }, villages, deck: [6, 7, 8], deckSize: 20, seats: villages.length }).do(0, { type: 'call' });

  it('§6.4 the caller scores 0 with the lowest total, ties included', () => {
    const f = called([[1, 2], [3, 0]]).all(1, { type: 'draw' }, { type: 'discard' });
    expect(f.state.history[0]).toMatchObject({ totals: [3, 3], roundScores: [0, 3], callSucceeded: true });
  });

  it('§6.4 a caller without the lowest total scores total + 10', () => {
    const f = called([[5], [1]]).all(1, { type: 'draw' }, { type: 'discard' });
    expect(f.state.history[0]).toMatchObject({ totals: [5, 1], roundScores: [15, 1], callSucceeded: false });
    expect(f.state.scores).toEqual([15, 1]);
  });

  it('§3.8/§6.4 an empty village scores 0', () => {
    const f = called([[5], []]).all(1, { type: 'draw' }, { type: 'discard' });
    expect(f.state.history[0]).toMatchObject({ totals: [5, 0], roundScores: [15, 0] });
  });

  it('§6.5 a successful caller takes the token with its power and starts the next round (§6.6)', () => {
    const f = called([[1, 2], [6, 6], [3]], {}).all(1, { type: 'draw' }, { type: 'discard' }).all(2, { type: 'draw' }, { type: 'discard' });
    expect(f.state.token).toMatchObject({ holder: 0, active: true, used: false });
    expect(f.last.find((e) => e.type === 'RoundDealt')).toMatchObject({ round: 2, start: 0 });
  });

  it('§6.5 a lowest non-caller gets the token as start marker only', () => {
    const f = called([[5, 2], [1], [9]]).all(1, { type: 'draw' }, { type: 'discard' }).all(2, { type: 'draw' }, { type: 'discard' });
    expect(f.state.token).toMatchObject({ holder: 1, active: false });
    expect(f.state.start).toBe(1);
  });

  it('§6.5 a tie: the holder among the tied keeps the token; otherwise the first tied player clockwise from the start player (marker only)', () => {
    // seat 1 starts and holds the token; 1 and 2 tie at 0 → 1 keeps it.
    const keep = round({ options: A, seats: 3, start: 1, villages: [[9], [1, 0], [0, 1]], deck: [6, 7, 8], deckSize: 20 }).do(1, { type: 'call' }).all(2, { type: 'draw' }, { type: 'discard' }).all(0, { type: 'draw' }, { type: 'discard' });
    expect(keep.state.history[0]!.roundScores).toEqual([9, 0, 1]);
    const tie = round({ options: A, seats: 3, start: 0, villages: [[4, 4], [0, 0], [1]], deck: [6, 7, 8], deckSize: 20 }).do(0, { type: 'call' }).all(1, { type: 'draw' }, { type: 'discard' }).all(2, { type: 'draw' }, { type: 'discard' });
    // caller 0 fails (8 > 0): 18; 1 scores 0, 2 scores 1 → unique lowest 1
    expect(tie.state.token).toMatchObject({ holder: 1, active: false });
  });

  it('§2.4/§6.7 after the last round the lowest total wins', () => {
    const f = called([[5], [1]], { rounds: 1 }).all(1, { type: 'draw' }, { type: 'discard' });
    expect(silver.status(f.state)).toMatchObject({ over: true, result: { scores: [15, 1], winners: [1] } });
  });
});

describe('§6.5/§6.7 token and tie-break functions', () => {
  const S = (o: Record<string, unknown>, token: { holder: number; active: boolean }, start: number) => {
    const st = initialState({ seats: 4, options: silver.options.parse(o) });
    return { ...st, start, token: { ...st.token, ...token } };
  };
  it('§6.5 tie scan starts at the start player and goes clockwise', async () => {
    const { nextToken } = await import('../../../services/engine/games/silver/scoring.js');
    const s = S({}, { holder: 1, active: false }, 1);
    expect(nextToken(s, { totals: [0, 5, 3, 0], roundScores: [0, 5, 3, 0], caller: null, callSucceeded: null })).toEqual({ holder: 3, active: false });
    const keeper = S({}, { holder: 1, active: true }, 1);
    expect(nextToken(keeper, { totals: [0, 0, 3, 4], roundScores: [0, 0, 3, 4], caller: 0, callSucceeded: true })).toEqual({ holder: 1, active: true });
    expect(nextToken(S({ tieKeeperActive: 'onlyIfCaller' }, { holder: 1, active: true }, 1), { totals: [0, 0, 3, 4], roundScores: [0, 0, 3, 4], caller: 0, callSucceeded: true })).toEqual({ holder: 1, active: false });
  });
  it('§6.5 tieMeasure=villageTotal finds the lowest by total', async () => {
    const { nextToken } = await import('../../../services/engine/games/silver/scoring.js');
    const s = S({ tieMeasure: 'villageTotal' }, { holder: 0, active: false }, 0);
    expect(nextToken(s, { totals: [3, 2, 5, 6], roundScores: [0, 2, 5, 6], caller: 0, callSucceeded: false })).toEqual({ holder: 1, active: false });
  });
  it('§6.7 game tie: the token holder wins, else the tied player nearest to its left', async () => {
    const { winnersOf } = await import('../../../services/engine/games/silver/scoring.js');
    expect(winnersOf([10, 10, 12, 9], 1, true)).toEqual([3]);
    expect(winnersOf([10, 10, 12, 11], 1, true)).toEqual([1]);
    expect(winnersOf([10, 10, 12, 11], 2, true)).toEqual([0]);
    expect(winnersOf([10, 12, 10, 11], 2, true)).toEqual([2]);
    expect(winnersOf([10, 12, 10, 11], 2, false)).toEqual([0]);
  });
});

describe('ids', () => {
  it('§2.1 the deck holds two 0s and 13s and four of each 1–12', () => {
    const counts = Array(14).fill(0);
    for (let i = 0; i < 52; i++) counts[numberOf(i)]++;
    expect(counts).toEqual([2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2]);
    expect(scenario).toBeTypeOf('function');
  });
});
