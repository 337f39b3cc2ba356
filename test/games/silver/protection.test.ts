/**
 * Protection (rules §4.1 #3 Bodyguard, §5.1 amulet, §4.5 Prince): what other players' powers,
 * the Coin token and a Zombie give may and may not do to protected cards.
 */
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { draw, power, tgt, withEvents, type Flow, type Setup } from './helpers.js';

const A = { edition: 'amulet' };

/** Seat 1's village [3, 7, 9]: a face-up Bodyguard guarding position 1, or the amulet on position 1. */
const PROTECTIONS: { name: string; up: [number, number][]; events: Event[]; free: number[] }[] = [
  { name: 'a Bodyguard (and the card it names)', up: [[1, 0]], events: [{ type: 'Guarded', s: 1, bodyguard: 0, p: 1 }], free: [2] },
  { name: 'the amulet', up: [], events: [{ type: 'AmuletPlaced', s: 1, p: 1 }], free: [0, 2] },
];

const seat1Targets = (f: Flow) => f.legal(0).flatMap((c) => (c.type === 'target' && c.seat === 1 ? [c.position] : []));

describe('§4.1 #3 / §5.1 protected cards', () => {
  for (const pr of PROTECTIONS) {
    const setup = (o: Partial<Setup>): Flow => withEvents({ options: A, villages: [[1, 2], [3, 7, 9]], up: pr.up, deckSize: 10, ...o }, pr.events);

    it(`§4.1 #11 the Witch cannot exchange into a card protected by ${pr.name}`, () => {
      expect(seat1Targets(setup({ deck: [11, 6] }).all(0, draw, power))).toEqual(pr.free);
    });

    it(`§4.1 #12 the Robber cannot swap with a card protected by ${pr.name}`, () => {
      expect(seat1Targets(setup({ deck: [12] }).all(0, draw, power, tgt(0, 0)))).toEqual(pr.free);
    });

    it(`§4.5 the Looter leaves a face-up card protected by ${pr.name}`, () => {
      const f = withEvents({ options: { ...A, mix: { '12': 'promo' } }, villages: [[1, 2], [3, 7, 7]], up: [...pr.up, [1, 1], [1, 2]], deck: [12], deckSize: 10 }, pr.events);
      const g = f.all(0, draw, power, { type: 'number', value: 7 });
      expect(g.truth(1).slice(0, 2)).toEqual([3, 7]);
      expect(g.view(0).discard[0]!.number).toBe(7); // the unprotected 7 went under the pile
    });

    it(`§4.4 #4 a Zombie give still adds to a village with ${pr.name}; the protected cards stay protected`, () => {
      const f = withEvents({ options: { ...A, mix: { '4': 'dagger' } }, villages: [[4, 1], [3, 7, 9]], up: [[0, 0], ...pr.up], deckSize: 10 }, pr.events);
      const g = f.do(0, { type: 'give', position: 0, end: 'left' });
      expect(g.truth(1)).toEqual([4, 3, 7, 9]);
      const v = g.view(0).villages[1]!.cards;
      expect(v.flatMap((c, p) => (c.guarded || c.amulet ? [p] : []))).toEqual(pr.free.length === 1 ? [1, 2] : [2]);
    });
  }

  /**
   * Seat 1's village [3, 7, 9] under each protection, all three cards rotated (for the Curator):
   * the powers of seat 0 that look at, turn, swap or discard another player's card.
   */
  const ANY_VILLAGE: { name: string; options: Record<string, unknown>; deck: number[]; up?: [number, number][]; steps: (f: Flow) => Flow }[] = [
    { name: '§4.1 #9 the Seer', options: A, deck: [9], steps: (f) => f.all(0, draw, power) },
    { name: '§4.1 #8 the Apprentice Seer', options: A, deck: [8], steps: (f) => f.all(0, draw, power) },
    { name: '§4.1 #6 the Revealer', options: A, deck: [6], steps: (f) => f.all(0, draw, power) },
    { name: '§4.4 #12 the Master Thief', options: { ...A, mix: { '12': 'dagger' } }, deck: [12], steps: (f) => f.all(0, draw, power, tgt(0, 0)) },
    { name: '§4.3 #2 the Curator (curatorScope=any)', options: { ...A, mix: { '2': 'coin' }, curatorScope: 'any' }, deck: [6], up: [[0, 1]], steps: (f) => f.do(0, { type: 'activate', position: 1, option: 1 }) },
  ];
  const rotated: Event[] = [0, 1, 2].map((p) => ({ type: 'Rotated', s: 1, p }));
  for (const power of ANY_VILLAGE) {
    for (const pr of PROTECTIONS)
      it(`${power.name} cannot reach a card protected by ${pr.name}`, () => {
        const f = withEvents({ options: power.options, villages: [[1, 2], [3, 7, 9]], up: [...(power.up ?? []), ...pr.up], deck: power.deck, deckSize: 10 }, [...pr.events, ...rotated]);
        expect(seat1Targets(power.steps(f))).toEqual(pr.free);
      });

    it(`${power.name} cannot reach another player’s face-up cards under their Prince; their face-down card stays reachable`, () => {
      const f = withEvents({ options: { ...power.options, mix: { ...((power.options as { mix?: object }).mix ?? {}), '3': 'promo' } }, villages: [[1, 2], [3, 7, 9]], up: [...(power.up ?? []), [1, 0], [1, 1]], deck: power.deck, deckSize: 10 }, rotated);
      expect(seat1Targets(power.steps(f))).toEqual([2]);
    });
  }

  it('§5.3 the Coin token cannot turn over a card protected by a Bodyguard', () => {
    const f = withEvents({ options: { ...A, token: 'coin' }, villages: [[1, 2], [3, 7, 9]], up: [[1, 0]], token: { holder: 0, active: true }, deckSize: 10 }, PROTECTIONS[0]!.events);
    expect(seat1Targets(f.do(0, { type: 'token' }))).toEqual([2]);
  });

  it('§5.1 the amulet binds its owner: a Zombie under it cannot be given', () => {
    const f = withEvents({ options: { ...A, mix: { '4': 'dagger' } }, villages: [[4, 1], [6]], up: [[0, 0]], deckSize: 10 }, [{ type: 'AmuletPlaced', s: 0, p: 0 }]);
    expect(f.legal(0).map((c) => c.type)).not.toContain('give');
  });

  it('§4.5/§5.3 the Coin token cannot turn over another player’s face-up cards under their Prince; it may turn their face-down card face-up', () => {
    const f = withEvents({ options: { edition: 'coin', mix: { '3': 'promo' } }, villages: [[1, 2], [3, 7, 9]], up: [[1, 0], [1, 1]], token: { holder: 0, active: true }, deckSize: 10 }, []);
    const g = f.do(0, { type: 'token' });
    expect(seat1Targets(g)).toEqual([2]);
    expect(g.do(0, tgt(1, 2)).view(0).villages[1]!.cards[2]!.faceUp).toBe(true);
  });
});
