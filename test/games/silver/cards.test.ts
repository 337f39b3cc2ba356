/** One test per card power (docs/rules/silver.md §4) and per token (§5), given/when/then. */
import { describe, expect, it } from 'vitest';
import { silver } from '../../../services/engine/games/silver/index.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { applyScoring, cardsConserved, discard, draw, power, round, tgt, withEvents, type Flow } from './helpers.js';

const A = { edition: 'amulet' };
const C = { edition: 'coin' };
const D = { edition: 'dagger' };
const targets = (f: Flow, seat: number) => f.legal(seat).filter((c) => c.type === 'target');

describe('§4.1 Silver (amulet) cards', () => {
  it('#0 Villager: a second face-up Villager ends the round at once', () => {
    const f = round({ options: A, villages: [[0, 5, 1], [0, 2, 3]], up: [[1, 0]], deck: [5], deckSize: 10 }).all(0, draw, power, tgt(0, 0));
    expect(f.types()).toContain('RoundEnded');
    expect(f.state.history[0]!.reason).toBe('villagers');
  });

  it('#1 Squire: a face-up Squire displays a deck card that a drawing player may take instead (§4.1 #1: it counts as drawn)', () => {
    const f = round({ options: A, villages: [[1, 2, 3], [4, 6, 7]], deck: [5, 9, 8], deckSize: 10 }).all(0, draw, power, tgt(0, 0));
    expect(f.view(1).display.map((c) => c.number)).toEqual([9]);
    expect(f.legal(1)).toContainEqual({ type: 'draw', display: 0 });
    const g = f.do(1, { type: 'draw', display: 0 });
    expect(g.legal(1)).toContainEqual(power); // Seer, taken from the display, counts as drawn
    expect(g.view(0).display.map((c) => c.number)).toEqual([8]); // refilled
  });

  it('ASSUMPTION squireDisplay=one: a single display card however many Squires', () => {
    const f = round({ options: { ...A, squireDisplay: 'one' }, villages: [[1, 1, 3], [4]], up: [[0, 0]], deck: [5, 9, 8], deckSize: 10 }).all(0, draw, power, tgt(0, 1));
    expect(f.view(1).display).toHaveLength(1);
  });

  it('#2 Empath: once per turn, look at one of your face-down cards', () => {
    const f = round({ options: A, villages: [[2, 1, 3], [6]], up: [[0, 0]], deck: [7], deckSize: 10 }).do(0, { type: 'activate', position: 0, option: 0 });
    expect(targets(f, 0)).toEqual([tgt(0, 1), tgt(0, 2)]);
    const g = f.do(0, tgt(0, 1));
    expect(g.row(0, 0)).toEqual([2, 1, null]);
    expect(g.row(0, 1)).toEqual([2, null, null]);
    expect(g.legal(0).map((c) => c.type)).not.toContain('activate');
  });

  it('#3 Bodyguard: it and one named card are safe from other players; the owner may still exchange them', () => {
    const f = round({ options: A, villages: [[3, 1, 4], [6]], up: [[0, 0]], deck: [7, 9], deckSize: 10 });
    expect(f.legal(0)).toContainEqual({ type: 'guard', bodyguard: 0, position: 1 });
    const g = f.do(0, { type: 'guard', bodyguard: 0, position: 1 }).do(0, draw);
    expect(g.legal(0)).toEqual(expect.arrayContaining([{ type: 'exchange', positions: [0] }, { type: 'exchange', positions: [1] }]));
    const h = g.do(0, discard).all(1, draw, power);
    expect(targets(h, 1)).toEqual([tgt(0, 2), tgt(1, 0)]);
    expect(h.view(1).villages[0]!.cards.map((c) => c.guarded)).toEqual([true, true, false]);
  });

  it('#4 Rascal: draw one extra card, keep one, the other goes back on top known to the drawer only', () => {
    const f = round({ options: A, villages: [[4, 1], [6]], up: [[0, 0]], deck: [7, 8], deckSize: 10 }).do(0, draw);
    expect(f.view(0).hand.map((c) => c?.number)).toEqual([7, 8]);
    expect(f.legal(0)).toEqual([{ type: 'keep', index: 0 }, { type: 'keep', index: 1 }]);
    const g = f.do(0, { type: 'keep', index: 1 });
    expect(g.view(0).hand.map((c) => c?.number)).toEqual([8]);
    expect(g.view(0).deckKnown).toEqual([{ depth: 0, card: expect.objectContaining({ number: 7 }) }]);
    expect(g.view(1).deckKnown).toEqual([]);
  });

  it('#4 Rascal with one card left in the deck: a single draw, no choice; the round ends after the turn', () => {
    const f = round({ options: A, villages: [[4, 1], [6]], up: [[0, 0]], deck: [7], deckSize: 1 }).do(0, draw);
    expect(f.view(0).hand.map((c) => c?.number)).toEqual([7]);
    expect(f.legal(0).map((c) => c.type)).not.toContain('keep');
    expect(f.do(0, discard).state.history[0]).toMatchObject({ reason: 'deck' });
  });

  it('#4 Rascal with two cards left: draws both, keeps one, returns the other; the deck became empty, so the round ends', () => {
    const f = round({ options: A, villages: [[4, 1], [6]], up: [[0, 0]], deck: [7, 8], deckSize: 2 }).do(0, draw);
    expect(f.legal(0)).toEqual([{ type: 'keep', index: 0 }, { type: 'keep', index: 1 }]);
    const g = f.do(0, { type: 'keep', index: 0 });
    expect(g.state.deck).toHaveLength(1);
    expect(g.do(0, { type: 'exchange', positions: [1] }).state.history[0]).toMatchObject({ reason: 'deck' });
  });

  it('ASSUMPTION rascalExtra=discard: the unkept card is discarded without power', () => {
    const g = round({ options: { ...A, rascalExtra: 'discard' }, villages: [[4, 1], [6]], up: [[0, 0]], deck: [7, 8], deckSize: 10 }).all(0, draw, { type: 'keep', index: 1 });
    expect(g.view(1).discard.at(-1)?.number).toBe(7);
  });

  it('#5 Exposer: flip one of your own face-down cards face-up', () => {
    const f = round({ options: A, villages: [[1, 2], [6]], deck: [5], deckSize: 10 }).all(0, draw, power);
    expect(targets(f, 0)).toEqual([tgt(0, 0), tgt(0, 1)]);
    expect(f.do(0, tgt(0, 1)).row(0, 1)).toEqual([null, 2]);
  });

  it('#6 Revealer: flip any face-down card in any village', () => {
    const f = round({ options: A, villages: [[1, 2], [7]], deck: [6], deckSize: 10 }).all(0, draw, power);
    expect(targets(f, 0)).toEqual([tgt(0, 0), tgt(0, 1), tgt(1, 0)]);
    expect(f.do(0, tgt(1, 0)).row(1, 0)).toEqual([7]);
  });

  it('#7 Beholder: look at up to two of your own cards', () => {
    const f = round({ options: A, villages: [[1, 2, 3], [6]], deck: [7], deckSize: 10 }).all(0, draw, power, tgt(0, 0));
    expect(f.legal(0)).toEqual([tgt(0, 1), tgt(0, 2), { type: 'skip' }]);
    expect(f.do(0, tgt(0, 2)).row(0, 0)).toEqual([1, null, 3]);
  });

  it('#8 Apprentice Seer: look at one card of an opponent only', () => {
    const f = round({ options: A, villages: [[1, 2], [6, 7]], deck: [8], deckSize: 10 }).all(0, draw, power);
    expect(targets(f, 0)).toEqual([tgt(1, 0), tgt(1, 1)]);
    const g = f.do(0, tgt(1, 1));
    expect(g.row(1, 0)).toEqual([null, 7]);
    expect(g.row(1, 1)).toEqual([null, null]);
  });

  it('#9 Seer: look at any face-down card, your own included; only you see it', () => {
    const f = round({ options: A, villages: [[1, 2], [6, 7]], up: [[1, 0]], deck: [9], deckSize: 10 }).all(0, draw, power);
    expect(targets(f, 0)).toEqual([tgt(0, 0), tgt(0, 1), tgt(1, 1)]);
    const g = f.do(0, tgt(0, 1));
    expect(g.row(0, 0)).toEqual([null, 2]);
    expect(silver.redact(g.last[0] as Event, 1)).toMatchObject({ type: 'Saw', seat: 0, card: null });
  });

  it('#10 Master: take any card of the discard pile and exchange it into your village, face-up', () => {
    const f = round({ options: A, villages: [[11, 6], [6]], discard: [2, 7], deck: [10], deckSize: 10 }).all(0, draw, power);
    expect(f.legal(0)).toEqual([{ type: 'pile', index: 0 }, { type: 'pile', index: 1 }]);
    const g = f.all(0, { type: 'pile', index: 0 }, { type: 'exchange', positions: [0] });
    expect(g.row(0, 1)).toEqual([2, null]);
    expect(g.view(1).discard.map((c) => c.number)).toEqual([7, 10, 11]);
  });

  it('§4.1 #10 masterTake=add: the Master adds the card instead', () => {
    const g = round({ options: { ...A, masterTake: 'add' }, villages: [[11, 6], [6]], discard: [2], deck: [10], deckSize: 10 }).all(0, draw, power, { type: 'pile', index: 0 }, { type: 'place', end: 'right' });
    expect(g.truth(0)).toEqual([11, 6, 2]);
  });

  it('#11 Witch: look at the top deck card and exchange it face-down into any village; the replaced card is discarded', () => {
    const f = round({ options: A, villages: [[1, 2], [8, 9]], deck: [11, 6], deckSize: 10 }).all(0, draw, power);
    expect(f.view(0).deckKnown).toEqual([{ depth: 0, card: expect.objectContaining({ number: 6 }) }]);
    expect(f.legal(0)).toContainEqual({ type: 'skip' });
    const g = f.do(0, tgt(1, 0));
    expect(g.truth(1)).toEqual([6, 9]);
    expect(g.row(1, 0)).toEqual([6, null]);
    expect(g.row(1, 1)).toEqual([null, null]);
    expect(g.view(1).discard.at(-1)?.number).toBe(8);
  });

  it('#11 Witch declined: the card stays on top, still known to the Witch user', () => {
    const g = round({ options: A, villages: [[1, 2], [8, 9]], deck: [11, 6], deckSize: 10 }).all(0, draw, power, { type: 'skip' });
    expect(g.view(0).deckKnown).toHaveLength(1);
    expect(g.view(1).deckKnown).toHaveLength(0);
  });

  it('#12 Robber: swap one of yours with an opponent’s card, then look at the card received', () => {
    const f = round({ options: A, villages: [[1, 2], [9, 8]], up: [[0, 1]], deck: [12], deckSize: 10 }).all(0, draw, power, tgt(0, 1), tgt(1, 1));
    expect(f.truth(0)).toEqual([1, 8]);
    expect(f.truth(1)).toEqual([9, 2]);
    expect(f.row(0, 0)).toEqual([null, 8]);
    expect(f.row(1, 1)).toEqual([null, 2]); // the face-up 2 stays face-up (§3.5)
    expect(f.row(0, 1)).toEqual([null, null]);
  });
});

describe('§4.2 Silver Bullet cards', () => {
  it('#1 Lycan: with a face-up Lycan a 3 and a Zombie (4) match as a pair; the 3 ends on top', () => {
    const o = { options: { mix: { '1': 'bullet' } }, villages: [[1, 3, 4], [6]], deck: [7], deckSize: 10 };
    const f = round({ ...o, up: [[0, 0]] }).all(0, draw, { type: 'exchange', positions: [1, 2] });
    expect(f.state.pending).toMatchObject({ kind: 'place', slots: [1] });
    expect(f.view(1).discard.slice(-2).map((c) => c.number)).toEqual([4, 3]);
    expect(round(o).all(0, draw, { type: 'exchange', positions: [1, 2] }).state.pending).toMatchObject({ kind: 'place', slots: null });
  });

  it('§4.2 #1 each face-up Lycan raises one card only: more +1s than Lycans fail the match', () => {
    const o = { options: { mix: { '1': 'bullet' } }, villages: [[1, 3, 3, 4], [6]], deck: [7], deckSize: 10 };
    // One Lycan: 3, 3, 4 needs two +1s → a failed exchange (the cards go back, the drawn card is added).
    expect(round({ ...o, up: [[0, 0]] }).all(0, draw, { type: 'exchange', positions: [1, 2, 3] }).state.pending).toMatchObject({ kind: 'place', slots: null });
    // Two Lycans: it matches.
    const two = { ...o, villages: [[1, 1, 3, 3, 4], [6]], up: [[0, 0], [0, 1]] as [number, number][] };
    expect(round(two).all(0, draw, { type: 'exchange', positions: [2, 3, 4] }).state.pending).toMatchObject({ kind: 'place', slots: [2] });
    // A +1 never bridges a gap of two (2 and 4).
    expect(round({ ...two, villages: [[1, 1, 2, 4], [6]] }).all(0, draw, { type: 'exchange', positions: [2, 3] }).state.pending).toMatchObject({ kind: 'place', slots: null });
  });

  it('cards with no known power count their value only (Bullet 7)', () => {
    expect(round({ options: { edition: 'dagger', mix: { '7': 'bullet' } }, villages: [[1], [6]], deck: [7], deckSize: 10 }).do(0, draw).legal(0)).not.toContainEqual(power);
  });
});

describe('§4.3 Silver Coin cards', () => {
  it('#2 Curator: rotate one of your cards, on a later turn discard a rotated card (once per turn)', () => {
    const f = round({ options: C, villages: [[2, 5, 7], [1]], up: [[0, 0]], deck: [6, 6, 6], deckSize: 10 }).all(0, { type: 'activate', position: 0, option: 0 }, tgt(0, 2));
    expect(f.view(1).villages[0]!.cards[2]!.rotated).toBe(true);
    expect(f.legal(0).map((c) => c.type)).not.toContain('activate');
    const g = f.all(0, draw, discard).all(1, draw, discard).all(0, { type: 'activate', position: 0, option: 1 }, tgt(0, 2));
    expect(g.truth(0)).toEqual([2, 5]);
    expect(g.view(1).discard.at(-1)?.number).toBe(7);
  });

  it('cards with no known power count their value only (Coin 7)', () => {
    const f = round({ options: C, villages: [[1], [6]], deck: [7], deckSize: 10 }).do(0, draw);
    expect(f.legal(0).map((c) => c.type)).not.toContain('power');
  });

  it('ASSUMPTION coinAssassinGuess: Coin 8 discards one of your face-up cards (off by default)', () => {
    const o = { villages: [[1, 9], [6]], up: [[0, 0]] as [number, number][], deck: [8], deckSize: 10 };
    expect(round({ ...o, options: C }).do(0, draw).legal(0)).not.toContainEqual(power);
    const g = round({ ...o, options: { ...C, coinAssassinGuess: true } }).all(0, draw, power, tgt(0, 0));
    expect(g.truth(0)).toEqual([9]);
  });

  it('ASSUMPTION coinGenerousGuess: a face-up Coin 0 gives one card to another player at scoring', () => {
    const g = round({ options: { ...C, coinGenerousGuess: true }, villages: [[0, 5], [1]], up: [[0, 0]], deck: [6, 6], deckSize: 10 })
      .do(0, { type: 'call' })
      .all(1, draw, discard);
    expect(g.state.pending).toMatchObject({ kind: 'score', op: 'give', seat: 0 });
    const h = g.all(0, tgt(0, 1), { type: 'seat', seat: 1 });
    expect(h.state.history[0]).toMatchObject({ totals: [0, 6], roundScores: [0, 6] });
  });
});

describe('§6.3 Coin scoring order', () => {
  it('the face-up 0s resolve first, from the token holder (start player) clockwise', () => {
    const f = round({ options: { ...C, coinGenerousGuess: true }, seats: 3, start: 1, villages: [[0, 5], [0, 6], [3]], up: [[0, 0], [1, 0]], deck: [7, 8, 9], deckSize: 10 })
      .do(1, { type: 'call' })
      .all(2, draw, discard)
      .all(0, draw, discard);
    expect(f.state.pending).toMatchObject({ kind: 'score', seat: 1 });
    const g = f.do(1, { type: 'skip' });
    expect(g.state.pending).toMatchObject({ kind: 'score', seat: 0 });
  });
});

describe('§4.4 Silver Dagger cards', () => {
  const called = (villages: number[][], up: [number, number][], options: Record<string, unknown> = {}) =>
    round({ options: { ...D, ...options }, villages, up, deck: [6, 7, 8], deckSize: 20, seats: villages.length }).do(0, { type: 'call' });

  it('#0 Debt Collector: at scoring, face-up, −1 per card in the opponents’ villages', () => {
    const f = applyScoring(called([[0, 5], [1, 2, 3]], [[0, 0]]).all(1, draw, discard));
    expect(f.state.history[0]).toMatchObject({ totals: [2, 6], roundScores: [0, 6] });
  });

  it('ASSUMPTION debtCollector=mostCards counts the fullest opponent village only', () => {
    const f = applyScoring(called([[0, 9], [1, 2, 3], [3]], [[0, 0]], { debtCollector: 'mostCards' }).all(1, draw, discard).all(2, draw, discard));
    expect(f.state.history[0]!.totals[0]).toBe(6);
  });

  it('#0 Debt Collector face-down at the reveal does nothing (SCU)', () => {
    const f = called([[0, 5], [1, 2, 3]], []).all(1, draw, discard);
    expect(f.state.history[0]!.totals[0]).toBe(5);
  });

  it('#2 Halfling: halves the total rounding down; each face-up Halfling halves again', () => {
    expect(applyScoring(called([[2, 9], [1]], [[0, 0]]).all(1, draw, discard)).state.history[0]!.totals[0]).toBe(5);
    expect(applyScoring(called([[2, 9], [1]], [[0, 0]], { halflingRounding: 'up' }).all(1, draw, discard)).state.history[0]!.totals[0]).toBe(6);
    expect(applyScoring(called([[2, 2, 9], [1]], [[0, 0], [0, 1]]).all(1, draw, discard)).state.history[0]!.totals[0]).toBe(3);
    expect(applyScoring(called([[2, 2, 9], [1]], [[0, 0], [0, 1]], { halflingStacks: false }).all(1, draw, discard)).state.history[0]!.totals[0]).toBe(6);
  });

  it('§4.4 #0/#2 the Debt Collector and the Halfling are optional: the holder applies or declines each (a Halfling on a negative total)', () => {
    // seat 0: 0 + 2 + 1 = 3; the Debt Collector takes 6 (the opponent holds 6 cards) → −3; halving −3 gives −2, worse.
    const f = called([[0, 2, 1], [5, 6, 7, 8, 9, 10]], [[0, 0], [0, 1]]).all(1, draw, discard);
    expect(f.state.pending).toMatchObject({ kind: 'score', seat: 0, op: 'debt' });
    expect(f.legal(0)).toEqual([{ type: 'confirm' }, { type: 'skip' }]);
    const g = f.do(0, { type: 'confirm' });
    expect(g.state.pending).toMatchObject({ kind: 'score', seat: 0, op: 'halve' });
    expect(g.do(0, { type: 'skip' }).state.history[0]!.totals[0]).toBe(-3);
    expect(g.do(0, { type: 'confirm' }).state.history[0]!.totals[0]).toBe(-2);
    expect(f.do(0, { type: 'skip' }).do(0, { type: 'confirm' }).state.history[0]!.totals[0]).toBe(1); // 3 halved, rounded down
  });

  it('§4.4 scoringPowersOptional=false: the Debt Collector and the Halfling apply by force', () => {
    const f = called([[0, 2, 1], [5, 6, 7, 8, 9, 10]], [[0, 0], [0, 1]], { scoringPowersOptional: false }).all(1, draw, discard);
    expect(f.state.history[0]!.totals[0]).toBe(-2);
  });

  it('§6.3 Dagger scoring order: Debt Collectors (0) before Halflings (2); daggerScoringOrder orders the queue', async () => {
    const { scoringQueue } = await import('../../../services/engine/games/silver/scoring.js');
    const f0 = called([[0, 2, 9], [2, 0, 5]], [[0, 0], [0, 1], [1, 0], [1, 1]]).do(1, draw);
    const f = applyScoring(f0.do(1, discard));
    expect(f.state.history[0]!.totals).toEqual([4, 2]); // (11 − 3) / 2, (7 − 3) / 2
    const s = { ...f0.state, upBefore: f0.state.villages.flat() };
    expect(scoringQueue(s).map((x) => [x.seat, x.op])).toEqual([[0, 'debt'], [1, 'debt'], [0, 'halve'], [1, 'halve']]);
    const p = { ...s, o: { ...s.o, daggerScoringOrder: 'playerMajor' as const } };
    expect(scoringQueue(p).map((x) => [x.seat, x.op])).toEqual([[0, 'debt'], [0, 'halve'], [1, 'debt'], [1, 'halve']]);
  });

  it('#4 Zombie: never the top discard — exchanged unseen, it goes back face-down (public) and the drawn card is discarded', () => {
    const f = round({ options: D, villages: [[4, 1], [6]], deck: [7], deckSize: 10 }).all(0, draw, { type: 'exchange', positions: [0] });
    expect(f.truth(0)).toEqual([4, 1]);
    expect(f.row(0, 1)).toEqual([4, null]);
    expect(f.view(1).discard.at(-1)?.number).toBe(7);
  });

  it('#4 Zombie: a drawn Zombie cannot be discarded', () => {
    expect(round({ options: D, villages: [[1], [6]], deck: [4], deckSize: 10 }).do(0, draw).legal(0)).not.toContainEqual(discard);
  });

  it('#4 Zombie: a matching pair of Zombies cannot be discarded (a Zombie would be on top)', () => {
    const f = round({ options: D, villages: [[4, 4, 1], [6]], deck: [7], deckSize: 10 }).all(0, draw, { type: 'exchange', positions: [0, 1] });
    expect(f.truth(0)).toEqual([4, 4, 1]);
    expect(f.view(1).discard.at(-1)?.number).toBe(7);
  });

  it('#4 Zombie: give your face-up Zombie, face-down, to the previous player (the whole turn)', () => {
    const f = round({ options: D, seats: 3, villages: [[4, 1], [6], [7]], up: [[0, 0]], deckSize: 10 });
    expect(f.legal(0)).toEqual(expect.arrayContaining([{ type: 'give', position: 0, end: 'left' }, { type: 'give', position: 0, end: 'right' }]));
    const g = f.do(0, { type: 'give', position: 0, end: 'left' });
    expect(g.truth(2)).toEqual([4, 7]);
    expect(g.view(1).villages[2]!.cards[0]).toMatchObject({ faceUp: false, publicKnown: true });
    expect(silver.status(g.state).toMove).toEqual([1]);
  });

  it('#4 Zombie: with play reversed, the give goes to the previous player in the new direction', () => {
    const f = withEvents({ options: D, seats: 3, villages: [[4, 1], [6], [7]], up: [[0, 0]], deckSize: 10 }, [{ type: 'Reversed', seat: 0, direction: -1, skip: false }]);
    const g = f.do(0, { type: 'give', position: 0, end: 'right' });
    expect(g.truth(1)).toEqual([6, 4]);
    expect(g.truth(2)).toEqual([7]);
    expect(silver.status(g.state).toMove).toEqual([2]);
  });

  it('§3.8 Robber and Approximator with an empty village: their powers need your own cards, so only a discard is left', () => {
    expect(round({ options: A, villages: [[], [6, 7]], deck: [12], deckSize: 10 }).do(0, draw).legal(0)).toEqual([discard]);
    expect(round({ options: D, villages: [[], [6, 7]], deck: [5], deckSize: 10 }).do(0, draw).legal(0)).toEqual([discard]);
  });

  it('#5 Approximator: drawn, it replaces any two of your cards (no match needed) and stays face-up', () => {
    const f = round({ options: D, villages: [[9, 8, 1], [6]], deck: [5], deckSize: 10 }).all(0, draw, power, tgt(0, 0), tgt(0, 1));
    expect(f.legal(0)).toEqual([{ type: 'place', position: 0 }]);
    const g = f.do(0, { type: 'place', position: 0 });
    expect(g.truth(0)).toEqual([5, 1]);
    expect(g.row(0, 1)).toEqual([5, null]);
    expect(g.view(1).discard.slice(-2).map((c) => c.number)).toEqual([9, 8]);
  });

  it('#11 Reverser: reverses the direction of play', () => {
    const f = round({ options: D, seats: 3, villages: [[1], [2], [3]], deck: [11], deckSize: 10 }).all(0, draw, power);
    expect(f.state.dir).toBe(-1);
    expect(silver.status(f.state).toMove).toEqual([2]);
  });

  it('§4.4 #11 Reverser with 2 players skips the opponent (reverserTwoPlayer=skip), or does nothing (none)', () => {
    const f = round({ options: D, villages: [[1], [2]], deck: [11], deckSize: 10 }).all(0, draw, power);
    expect(f.last.at(-1)).toEqual({ type: 'TurnStarted', seat: 0, extra: true });
    const g = round({ options: { ...D, reverserTwoPlayer: 'none' }, villages: [[1], [2]], deck: [11], deckSize: 10 }).all(0, draw, power);
    expect(silver.status(g.state).toMove).toEqual([1]);
  });

  it('#12 Master Thief: swap one of yours with another player’s card without looking (masterThiefLooks option)', () => {
    const f = round({ options: D, villages: [[1, 2], [9, 8]], deck: [12], deckSize: 10 }).all(0, draw, power, tgt(0, 0), tgt(1, 0));
    expect(f.truth(0)).toEqual([9, 2]);
    expect(f.row(0, 0)).toEqual([null, null]);
    const g = round({ options: { ...D, masterThiefLooks: true }, villages: [[1, 2], [9, 8]], deck: [12], deckSize: 10 }).all(0, draw, power, tgt(0, 0), tgt(1, 0));
    expect(g.row(0, 0)).toEqual([9, null]);
  });

  it('cards with no known power count their value only (Dagger 7)', () => {
    expect(round({ options: D, villages: [[1], [6]], deck: [7], deckSize: 10 }).do(0, draw).legal(0)).not.toContainEqual(power);
  });
});

describe('§4.5 promo cards', () => {
  it('Commander: keep one other card; next round it is swapped in, face-down and public, before the peek', () => {
    const f = round({ options: { ...D, mix: { '0': 'promo' }, rounds: 2 }, villages: [[0, 5, 7], [1]], up: [[0, 0]], deck: [6, 8], deckSize: 20 })
      .do(0, { type: 'call' })
      .all(1, draw, discard);
    expect(f.legal(0)).toEqual([tgt(0, 1), tgt(0, 2), { type: 'skip' }]);
    const g = f.do(0, tgt(0, 2));
    expect(g.state.phase).toBe('commander');
    expect(g.state.history[0]!.totals[0]).toBe(12); // the kept card still counts (ASSUMPTION)
    expect(g.view(1).kept).toEqual([{ seat: 0, card: expect.objectContaining({ number: 7 }) }]);
    const h = g.do(0, { type: 'place', position: 3 });
    expect(h.row(0, 1)[3]).toBe(7);
    expect(h.state.deck).toHaveLength(31);
    expect(h.state.phase).toBe('peek');
  });

  it('§4.5 Commander: each kept card is swapped into one of the five new cards, never into a place a kept card already took', () => {
    const f = round({ options: { ...D, mix: { '0': 'promo' }, rounds: 2 }, villages: [[0, 0, 5, 7], [1]], up: [[0, 0], [0, 1]], deck: [6, 8], deckSize: 20 })
      .do(0, { type: 'call' })
      .all(1, draw, discard)
      .all(0, tgt(0, 2), tgt(0, 3));
    expect(f.view(1).kept.map((k) => k.card.number)).toEqual([5, 7]);
    const g = f.do(0, { type: 'place', position: 1 });
    expect(g.legal(0)).toEqual([0, 2, 3, 4].map((position) => ({ type: 'place', position })));
    g.refused(0, { type: 'place', position: 1 });
    const h = g.do(0, { type: 'place', position: 4 });
    expect(h.row(0, 1)).toEqual([null, 5, null, null, 7]); // both kept cards in the village, public
    expect(h.state.deck).toHaveLength(31); // 52 − 2 kept − 20 dealt − 1 flipped + 2 replaced (rules §2.3)
    expect(h.state.phase).toBe('peek');
    cardsConserved(h.state);
  });

  it('Prince: your face-up cards cannot be changed by others; they may still add cards', () => {
    const o = { options: { ...D, mix: { '3': 'promo' } }, seats: 3, villages: [[3, 7, 1], [4, 9], [2]], up: [[0, 0], [0, 1], [1, 0]] as [number, number][], deck: [12], deckSize: 10, start: 1 };
    const f = round(o).all(1, draw, power, tgt(1, 1));
    expect(targets(f, 1).filter((c) => c.seat === 0)).toEqual([tgt(0, 2)]);
    const g = round({ ...o, start: 1 }).do(1, { type: 'give', position: 0, end: 'right' });
    expect(g.truth(0)).toEqual([3, 7, 1, 4]);
  });

  it('Cleaner: declared cards worth 6+ are discarded and the Cleaner stays face-up', () => {
    const f = round({ options: { ...D, mix: { '5': 'promo' } }, villages: [[9, 7, 2], [1]], deck: [5], deckSize: 10 }).all(0, draw, power, tgt(0, 0), tgt(0, 1), { type: 'confirm' });
    expect(f.legal(0)).toEqual([{ type: 'place', position: 0 }]);
    expect(f.do(0, { type: 'place', position: 0 }).row(0, 1)).toEqual([5, null]);
  });

  it('Cleaner: a wrong guess (a card below 6) adds the Cleaner and keeps all declared cards, now public', () => {
    const f = round({ options: { ...D, mix: { '5': 'promo' } }, villages: [[9, 7, 2], [1]], deck: [5], deckSize: 10 }).all(0, draw, power, tgt(0, 0), tgt(0, 2), { type: 'confirm' }, { type: 'place', end: 'right' });
    expect(f.truth(0)).toEqual([9, 7, 2, 5]);
    expect(f.row(0, 1)).toEqual([9, null, 2, 5]);
  });

  const looter = (villages: number[][], up: [number, number][], deckSize: number, options: Record<string, unknown> = {}) =>
    round({ options: { ...D, mix: { '12': 'promo', '3': 'promo' }, ...options }, seats: villages.length, villages, up, deck: [12], deckSize }).all(0, draw, power);

  it('Looter: every face-up card of the chosen number goes under the pile, replaced face-down unseen, own village first then clockwise', () => {
    const f = looter([[5, 1], [5, 5, 2], [6, 5]], [[0, 0], [1, 0], [1, 1], [2, 1]], 10);
    expect(f.legal(0)).toEqual([{ type: 'number', value: 5 }]);
    const g = f.do(0, { type: 'number', value: 5 });
    expect(g.view(0).discard.slice(0, 4).map((c) => c.number)).toEqual([5, 5, 5, 5]);
    expect(g.view(0).discard.at(-1)?.number).toBe(12);
    expect(g.row(0, 0)).toEqual([null, null]);
    expect(g.row(1, 1)).toEqual([null, null, null]);
    expect(g.truth(0)[0]).not.toBe(5);
    const moves = g.last.filter((e) => e.type === 'Move') as Extract<Event, { type: 'Move' }>[];
    expect(moves.map((m) => (m.to.z === 'village' ? m.to.s : -1)).filter((s) => s >= 0)).toEqual([0, 1, 1, 2]);
  });

  it('Looter, the rules’ example: remove the single face-up 0 of one village; it goes under the pile and is replaced', () => {
    const g = looter([[1, 2], [0, 6]], [[1, 0]], 10).do(0, { type: 'number', value: 0 });
    expect(g.view(0).discard[0]!.number).toBe(0);
    expect(g.truth(1)[0]).not.toBe(0);
    expect(g.view(1).villages[1]!.cards[0]).toMatchObject({ faceUp: false, known: false });
  });

  it('Looter: another player’s Prince protects their face-up cards; your own Prince does not', () => {
    const g = looter([[5, 3], [5, 3]], [[0, 0], [0, 1], [1, 0], [1, 1]], 10).do(0, { type: 'number', value: 5 });
    expect(g.truth(1)).toEqual([5, 3]);
    expect(g.truth(0)[0]).not.toBe(5);
  });

  it('§4.5 Looter: when the deck runs out, stop (default) or burn the rest (looterDeckOut=burnRest); the round then ends', () => {
    const f = looter([[5, 1], [5, 5]], [[0, 0], [1, 0], [1, 1]], 2).do(0, { type: 'number', value: 5 });
    expect(f.types()).toContain('RoundEnded');
    // seat 0's 5 takes the last deck card; seat 1's first 5 is burnt unreplaced, its second stays
    expect(f.state.history[0]!.totals[1]).toBe(5);
    const g = looter([[5, 1], [5, 5]], [[0, 0], [1, 0], [1, 1]], 2, { looterDeckOut: 'burnRest' }).do(0, { type: 'number', value: 5 });
    expect(g.state.history[0]!.totals[1]).toBe(0);
  });
});

describe('§5 silver tokens', () => {
  it('round 1: no token power for anyone (§5)', () => {
    expect(round({ options: C, villages: [[1], [2]], deckSize: 10 }).legal(0)).not.toContainEqual({ type: 'token' });
  });

  it('§5.3 coin: once per round flip any card of any village; no call that turn', () => {
    const f = round({ options: C, villages: [[1, 2], [6, 7]], up: [[1, 1]], token: { holder: 0, active: true }, deckSize: 10 }).do(0, { type: 'token' });
    expect(targets(f, 0)).toHaveLength(4);
    const g = f.do(0, tgt(1, 1));
    expect(g.row(1, 0)).toEqual([null, 7]); // turned face-down, still public (§5.3)
    expect(g.view(0).villages[1]!.cards[1]!.faceUp).toBe(false);
    expect(g.view(0).token).toMatchObject({ used: true, wolfSideUp: false });
    expect(g.legal(0)).not.toContainEqual({ type: 'token' });
    expect(g.legal(0)).not.toContainEqual({ type: 'call' });
  });

  it('§5.4 dagger: reverses the direction of play (3–4 players)', () => {
    const f = round({ options: D, seats: 3, villages: [[1], [2], [3]], token: { holder: 0, active: true }, deck: [6], deckSize: 10 }).all(0, { type: 'token' }, draw, discard);
    expect(silver.status(f.state).toMove).toEqual([2]);
  });

  it('§5.4 dagger with 2 players: the opponent’s next turn is skipped; no call that turn, a call is allowed in the extra turn', () => {
    const f = round({ options: D, villages: [[1], [2]], token: { holder: 0, active: true }, deck: [6], deckSize: 10 }).do(0, { type: 'token' });
    expect(f.legal(0)).not.toContainEqual({ type: 'call' });
    const g = f.all(0, draw, discard);
    expect(silver.status(g.state).toMove).toEqual([0]);
    expect(g.legal(0)).toContainEqual({ type: 'call' });
    const h = round({ options: { ...D, daggerSkipAllowsCall: false }, villages: [[1], [2]], token: { holder: 0, active: true }, deck: [6], deckSize: 10 }).all(0, { type: 'token' }, draw, discard);
    expect(h.legal(0)).not.toContainEqual({ type: 'call' });
  });

  it('§5.2 bullet: the holder places it on one own card, protected like the amulet; at scoring that card is removed and does not count', () => {
    const B = { edition: 'amulet', token: 'bullet', rounds: 1 };
    expect(silver.options.safeParse(B).success).toBe(true);
    const f = round({ options: B, villages: [[1, 9], [6, 7]], token: { holder: 0, active: true }, deck: [5, 9, 8], deckSize: 10 }).do(0, { type: 'token' });
    expect(f.legal(0)).toEqual([tgt(0, 0), tgt(0, 1)]);
    const g = f.do(0, tgt(0, 1));
    expect(g.view(1).villages[0]!.cards[1]!.amulet).toBe(true);
    expect(g.view(1).token).toMatchObject({ kind: 'bullet', used: true });
    expect(g.legal(0)).not.toContainEqual({ type: 'call' }); // like the other tokens (§3.4)
    const h = g.all(0, draw, discard).all(1, draw, power);
    expect(targets(h, 1)).toEqual([tgt(0, 0), tgt(1, 0), tgt(1, 1)]); // the Seer cannot look at it
    const end = h.do(1, tgt(1, 0)).do(0, { type: 'call' }).all(1, draw, discard);
    expect(end.state.history[0]).toMatchObject({ totals: [1, 13], roundScores: [0, 13], callSucceeded: true });
    expect(end.view(1).discard[0]!.number).toBe(9); // the shot card lies under the pile
    cardsConserved(end.state);
  });

  it('§5.1 amulet: the protected card cannot be viewed or moved by anyone', () => {
    const f = round({ options: A, villages: [[1, 2], [6, 7]], token: { holder: 0, active: true }, deck: [6, 9], deckSize: 10 }).all(0, { type: 'token' }, tgt(0, 1), draw);
    expect(f.legal(0).filter((c) => c.type === 'exchange')).toEqual([{ type: 'exchange', positions: [0] }]);
    const g = f.do(0, discard).all(1, draw, power);
    expect(targets(g, 1)).toEqual([tgt(0, 0), tgt(1, 0), tgt(1, 1)]);
    expect(g.view(1).villages[0]!.cards[1]!.amulet).toBe(true);
  });
});
