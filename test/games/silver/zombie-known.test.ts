/**
 * The Zombie rule (§4.4) where the engine once lost track of it: a Zombie known to every player
 * even face-down, slid cards that can no longer be exchanged (§3.7), a Zombie uncovered on the
 * pile, a Squire display card that bounces, and the Approximator's sets.
 */
import { describe, expect, it } from 'vitest';
import { numberOf } from '../../../services/engine/games/silver/cards.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import { cardsConserved, discard, draw, power, round, tgt, withEvents, type Setup } from './helpers.js';

const D = { edition: 'dagger' };
/** The amulet deck with the Dagger's Zombies (4). */
const AZ = { edition: 'amulet', mix: { '4': 'dagger' } };
/** Turned face-up and back face-down: face-down, and known to every player (a bounce, a give). */
const madePublic = (s: number, p: number): Event[] => [
  { type: 'Flip', s, p, up: true, card: 4 },
  { type: 'Flip', s, p, up: false, card: 4 },
];
const slide = (position: number) => ({ type: 'slide', position }) as const;
const unslide = (position: number) => ({ type: 'unslide', position }) as const;

describe('§3.7 marked cards are always either exchanged or returned: no dead end', () => {
  const cases: { name: string; setup: Setup; slid: number[] }[] = [
    { name: 'a lone face-up Zombie', setup: { options: D, villages: [[4], [6]], up: [[0, 0]], deck: [7], deckSize: 10 }, slid: [0] },
    { name: 'two face-up Zombies', setup: { options: D, villages: [[4, 4], [6]], up: [[0, 0], [0, 1]], deck: [7], deckSize: 10 }, slid: [0, 1] },
    { name: 'a face-up Zombie and a face-up Doppelgänger', setup: { options: { ...D, mix: { '13': 'amulet' } }, villages: [[4, 13], [6]], up: [[0, 0], [0, 1]], deck: [7], deckSize: 10 }, slid: [0, 1] },
  ];
  for (const c of cases)
    it(`§3.7 slid cards that can no longer be exchanged are returned: ${c.name}`, () => {
      const f = round(c.setup).do(0, draw).all(0, ...c.slid.map(slide));
      expect(f.legal(0)).not.toContainEqual({ type: 'exchange' }); // a known bounce (§4.4)
      expect(f.legal(0)).toEqual(c.slid.map(unslide));
      // Return cards until the set can be exchanged again (or none is marked), then finish the turn.
      let g = f;
      while (g.legal(0).some((m) => m.type === 'unslide')) g = g.do(0, g.legal(0).find((m) => m.type === 'unslide')!);
      g = g.do(0, g.legal(0).some((m) => m.type === 'discard') ? discard : { type: 'exchange' });
      while (g.state.pending?.kind === 'place') g = g.do(0, g.legal(0)[0]!);
      expect(silver.status(g.state).toMove).toEqual([1]);
      cardsConserved(g.state);
    });

  it('§3.7 a marked set that can still be exchanged is exchanged, not returned; one that cannot is returned card by card', () => {
    const f = round({ options: D, villages: [[4, 6, 9], [6]], up: [[0, 0]], deck: [7], deckSize: 10 }).do(0, draw).do(0, slide(0));
    expect(f.legal(0)).toEqual([slide(1), slide(2), unslide(0)]); // a known bounce alone; another card may still join it
    const g = f.do(0, slide(1)); // the 6 is face-down: the set may match
    expect(g.legal(0)).toContainEqual({ type: 'exchange' });
    expect(g.legal(0).map((c) => c.type)).not.toContain('unslide');
  });
});

describe('§4.4 a Zombie that every player knows is treated as a face-up one', () => {
  it('§4.4 a face-down Zombie known to all is no single-exchange target after a Take (§3.3: the taken card must be exchanged)', () => {
    const f = withEvents({ options: D, villages: [[4, 1], [6]], discard: [9], deckSize: 10 }, madePublic(0, 0)).do(0, { type: 'take' });
    expect(f.legal(0)).not.toContainEqual({ type: 'exchange', positions: [0] });
    expect(f.legal(0)).toContainEqual({ type: 'exchange', positions: [1] });
    f.refused(0, { type: 'exchange', positions: [0] });
  });

  it('§4.4 no Take when every card that could be exchanged is a Zombie known to all', () => {
    const f = withEvents({ options: D, villages: [[4, 4], [6]], discard: [9], deckSize: 10 }, [...madePublic(0, 0), ...madePublic(0, 1)]);
    expect(f.legal(0).map((c) => c.type)).not.toContain('take');
  });

  it('§4.4 a pair of face-down Zombies known to all is not an exchange (a Zombie would be on top)', () => {
    const f = withEvents({ options: D, villages: [[4, 4, 1], [6]], deck: [7], deckSize: 10 }, [...madePublic(0, 0), ...madePublic(0, 1)]).do(0, draw);
    expect(f.all(0, slide(0), slide(1)).legal(0)).not.toContainEqual({ type: 'exchange' });
    f.refused(0, { type: 'exchange', positions: [0, 1] });
  });

  it('§4.4 the Witch cannot exchange the top card for a face-down Zombie known to all', () => {
    const f = withEvents({ options: AZ, villages: [[1, 2], [4, 9]], deck: [11, 6], deckSize: 10 }, madePublic(1, 0)).all(0, draw, power);
    expect(f.legal(0)).not.toContainEqual(tgt(1, 0));
    expect(f.legal(0)).toContainEqual(tgt(1, 1));
  });

  it('§4.4 a face-down Zombie known only to its owner is still a target (legality never depends on what a player remembers, §8)', () => {
    const f = withEvents({ options: D, villages: [[4, 1], [6]], discard: [9], deckSize: 10 }, [{ type: 'Saw', seat: 0, at: { s: 0, p: 0 }, card: 4 }]).do(0, { type: 'take' });
    expect(f.legal(0)).toContainEqual({ type: 'exchange', positions: [0] });
  });
});

describe('§4.4 a Zombie uncovered on the pile (option zombieUncovered)', () => {
  // An Approximator set leaves the Zombie under the 2; the next player takes the 2 and fails a three-card exchange.
  const setup = (zombieUncovered?: string) => round({ options: { ...D, ...(zombieUncovered ? { zombieUncovered } : {}) }, villages: [[7, 8, 9], [6]], discard: [4, 2], deckSize: 10 });
  const failedTake = (f: ReturnType<typeof setup>) => f.all(0, { type: 'take' }, slide(0), slide(1), slide(2), { type: 'exchange' }, { type: 'place', end: 'right' }, { type: 'place', end: 'right' });

  it('§4.4 a Zombie never ends on top: uncovered by a Take whose exchange fails, it goes under the pile (default underPile)', () => {
    const f = failedTake(setup());
    expect(f.truth(0)).toHaveLength(5); // the taken 2 and the penalty card were added
    expect(f.view(1).discard.map((c) => c.number)).toEqual([4]);
    expect(numberOf(f.state.discard.at(-1)!)).toBe(4); // the only card left: Take is not offered on it
    expect(f.legal(1).map((c) => c.type)).not.toContain('take');
    cardsConserved(f.state);
  });

  it('§4.4 zombieUncovered=underPile: with other cards on the pile the Zombie goes to the bottom', () => {
    const f = failedTake(round({ options: D, villages: [[7, 8, 9], [6]], discard: [9, 4, 2], deckSize: 10 }));
    expect(f.view(1).discard.map((c) => c.number)).toEqual([4, 9]);
  });

  it('§4.4 zombieUncovered=staysOnTop: the spec covers discards only, so the uncovered Zombie stays on top and may be taken', () => {
    const f = failedTake(setup('staysOnTop'));
    expect(f.view(1).discard.map((c) => c.number)).toEqual([4]);
    expect(f.legal(1)).toContainEqual({ type: 'take' });
  });
});

describe('§4.4 a Squire display card that bounces', () => {
  it('§4.4 a display card whose exchange bounces is discarded instead; the display keeps one card per face-up Squire (§4.1 #1)', () => {
    const f = round({ options: AZ, villages: [[1, 2], [4, 6]], up: [[0, 0]], deck: [8, 6, 9], deckSize: 10 }).all(0, draw, discard);
    expect(f.view(1).display.map((c) => c.number)).toEqual([6]);
    const g = f.all(1, { type: 'draw', display: 0 }, { type: 'exchange', positions: [0] });
    expect(g.truth(1)).toEqual([4, 6]);
    expect(g.view(0).discard.at(-1)?.number).toBe(6); // discarded, its power unused
    expect(g.view(0).display).toHaveLength(1);
    expect(g.view(0).display[0]!.number).toBe(9); // the refill, not the bounced card
    cardsConserved(g.state);
  });

  it('§4.4 a display Zombie that bounces cannot go onto the pile: it is added to the village, face-up', () => {
    const f = round({ options: AZ, villages: [[1, 2], [4, 6]], up: [[0, 0]], deck: [8, 4, 9], deckSize: 10 }).all(0, draw, discard);
    const g = f.all(1, { type: 'draw', display: 0 }, { type: 'exchange', positions: [0] });
    expect(g.legal(1)).toEqual([{ type: 'place', end: 'left' }, { type: 'place', end: 'right' }]);
    const h = g.do(1, { type: 'place', end: 'right' });
    expect(h.truth(1)).toEqual([4, 6, 4]);
    expect(h.view(0).villages[1]!.cards[2]!.faceUp).toBe(true);
    expect(h.view(0).display).toHaveLength(1);
    cardsConserved(h.state);
  });
});

describe('§4.4 #5 the Approximator: a Zombie goes only with a lower card', () => {
  it('§4.4 #5 the Approximator does not offer a face-up Zombie with a face-up 7 (the Zombie would be on top)', () => {
    const f = round({ options: D, villages: [[4, 7, 1], [6]], up: [[0, 0], [0, 1]], deck: [5], deckSize: 10 }).all(0, draw, power, tgt(0, 0));
    expect(f.legal(0)).not.toContainEqual(tgt(0, 1));
    expect(f.legal(0)).toContainEqual(tgt(0, 2)); // the face-down 1 may be lower
  });

  it('§4.4 #5 the Approximator is not offered for the lone face-up Zombie of a one-card village', () => {
    const f = round({ options: D, villages: [[4], [6]], up: [[0, 0]], deck: [5], deckSize: 10 }).do(0, draw);
    expect(f.legal(0)).not.toContainEqual(power);
  });

  it('§4.4 #5 a face-up Zombie with a face-up 7 is not a first pick when no other card could go with it', () => {
    const f = round({ options: D, villages: [[4, 7], [6]], up: [[0, 0], [0, 1]], deck: [5], deckSize: 10 }).all(0, draw);
    expect(f.legal(0)).not.toContainEqual(power);
  });
});
