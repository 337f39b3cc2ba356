/**
 * Dagger #4 Zombie (rules §4.4): it never ends on top of the discard pile, wherever it would be
 * discarded from; a face-up Zombie is no target for a discard; the give action.
 */
import { describe, expect, it } from 'vitest';
import { numberOf } from '../../../services/engine/games/silver/cards.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import { cardsConserved, draw, power, round, tgt, type Flow } from './helpers.js';

const D = { edition: 'dagger' };
/** The amulet deck with the Dagger's Zombies (4), so the amulet powers meet Zombies. */
const AZ = { edition: 'amulet', mix: { '4': 'dagger' } };

/** After every step of a flow: the discard pile's top card is never a Zombie. */
function topNeverZombie(f: Flow) {
  let s = silver.initialState({ seats: f.seats, options: silver.options.parse(f.options) });
  for (const e of f.events) {
    s = silver.evolve(s, e as never);
    const top = s.discard.at(-1);
    if (top !== undefined && s.phase === 'play') expect(numberOf(top), `after ${JSON.stringify(e)}`).not.toBe(4);
  }
}

describe('§4.4 a Zombie never ends on top of the discard pile', () => {
  it('§4.4 a Zombie never ends on top of the discard pile: Master returning a Zombie', () => {
    // The Master takes the Zombie from inside the pile; the village card it is exchanged for turns out to be a Zombie too.
    const f = round({ options: AZ, villages: [[4, 1], [6]], discard: [4, 7], deck: [10], deckSize: 10 }).all(0, draw, power, { type: 'pile', index: 0 }, { type: 'exchange', positions: [0] });
    topNeverZombie(f);
    expect(f.view(1).discard.at(-1)?.number).toBe(10);
    expect(f.legal(0)).toEqual([{ type: 'place', end: 'left' }, { type: 'place', end: 'right' }]);
    const g = f.do(0, { type: 'place', end: 'right' });
    expect(g.truth(0)).toEqual([4, 1, 4]);
    expect(g.view(1).villages[0]!.cards.map((c) => [c.faceUp, c.card?.number ?? null])).toEqual([
      [false, 4], // the village Zombie bounced: face-down, public
      [false, null],
      [true, 4], // the taken Zombie, added face-up as it came from the pile
    ]);
    cardsConserved(g.state);
  });

  it('§4.4 a Zombie taken from the discard pile that bounces is added to the village, not put back on top', () => {
    // zombieSetupReflip=false lets a Zombie start the pile.
    const f = round({ options: { ...D, zombieSetupReflip: false, zombieUncovered: 'staysOnTop' }, villages: [[4, 1], [6]], discard: [4], deckSize: 10 }).all(0, { type: 'take' }, { type: 'exchange', positions: [0] });
    expect(f.view(1).discard).toEqual([]);
    const g = f.do(0, { type: 'place', end: 'left' });
    expect(g.truth(0)).toEqual([4, 4, 1]);
    expect(g.view(1).villages[0]!.cards[0]!.faceUp).toBe(true);
  });

  it('§4.4 the Witch exchanging the top card for a face-down Zombie: the Zombie bounces, the top card stays', () => {
    const f = round({ options: AZ, villages: [[1, 2], [4, 9]], deck: [11, 6], deckSize: 10 }).all(0, draw, power, tgt(1, 0));
    topNeverZombie(f);
    expect(f.truth(1)).toEqual([4, 9]);
    expect(f.view(0).villages[1]!.cards[0]).toMatchObject({ faceUp: false, publicKnown: true });
  });
});

describe('§4.4 a face-up Zombie is not a target for a discard', () => {
  it('§4.4 a face-up Zombie is not an exchange target (that discard is not allowed)', () => {
    const f = round({ options: D, villages: [[4, 1], [6]], up: [[0, 0]], deck: [7], deckSize: 10 }).do(0, draw);
    expect(f.legal(0)).not.toContainEqual({ type: 'exchange', positions: [0] });
    expect(f.legal(0)).toContainEqual({ type: 'exchange', positions: [1] });
    f.refused(0, { type: 'exchange', positions: [0] });
  });

  it('§4.4 a set of face-up cards known to leave a Zombie on top is not an exchange (a face-up Zombie pair)', () => {
    const f = round({ options: D, villages: [[4, 4, 1], [6]], up: [[0, 0], [0, 1]], deck: [7], deckSize: 10 }).do(0, draw);
    const g = f.all(0, { type: 'slide', position: 0 }, { type: 'slide', position: 1 });
    expect(g.legal(0)).not.toContainEqual({ type: 'exchange' });
    expect(g.legal(0)).toContainEqual({ type: 'slide', position: 2 }); // with the 1, the set may be tried
    f.refused(0, { type: 'exchange', positions: [0, 1] });
  });

  it('§4.4 no Take when every card that could be exchanged is a face-up Zombie', () => {
    const f = round({ options: D, villages: [[4, 4], [6]], up: [[0, 0], [0, 1]], discard: [9], deckSize: 10 });
    expect(f.legal(0).map((c) => c.type)).not.toContain('take');
  });

  it('§4.4 the Witch cannot exchange the top card for a face-up Zombie (no free flip)', () => {
    const f = round({ options: AZ, villages: [[1, 2], [4, 9]], up: [[1, 0]], deck: [11, 6], deckSize: 10 }).all(0, draw, power);
    expect(f.legal(0)).not.toContainEqual(tgt(1, 0));
    expect(f.legal(0)).toContainEqual(tgt(1, 1));
  });
});
