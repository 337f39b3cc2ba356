/**
 * §6.1, §4.5: what every seat knows of another's hand beyond its size. A gift of several cards
 * needs a Sum card in the giver's hand or counter; with none in the counter, its own Sum card was
 * in its hand and, if not given, is there still: every view shows it in `knownInHand`, and every
 * world sampled for another seat puts it there. The giver's next exchange hides it again. Within a
 * turn, a gift of several cards or of the giver's Sum card shows the Sum Rule in force for the rest
 * of it (A13): every view shows `turn.sumShown`, and sampled worlds keep the rule.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { givenAfter, type Arrangement, type Move } from './helpers.js';

// Nabist 5 plays first; Salaist 2 (difference 3), Yarist 5, Moraist 1 (difference 4)
const table = (counters?: string[][]): Arrangement => ({
  houses: ['NAB', 'SAL', 'YAR', 'MOR'],
  hands: [['NAB-01', 'NAB-03', 'NAB-04', 'NAB-05', 'NAB-07'], ['SAL-01'], ['YAR-01'], ['MOR-02']],
  ...(counters ? { counters } : {}),
  dice: [5, 2, 5, 1],
});
const sumGift: Move = [0, { type: 'gift', target: 3, cards: ['NAB-01', 'NAB-03'] }];
const knownBy = (state: Parameters<typeof seledyne.view>[0], viewer: number | null) => seledyne.view(state, viewer).players[0]!.knownInHand.map((c) => c.id);

describe('knowledge of a hand beyond its size', () => {
  it('a sum gift with no Sum card in the counter shows the giver’s Sum card in its hand, to every seat', () => {
    const s = givenAfter(table(), {}, [sumGift]).state;
    for (const viewer of [0, 1, 2, 3, null]) expect(knownBy(s, viewer)).toEqual(['NAB-05']);
  });

  it('a world sampled for another seat holds that card in the giver’s hand', () => {
    const s = givenAfter(table(), {}, [sumGift]).state;
    const rng = fastRng(5);
    for (let k = 0; k < 50; k++) {
      const world = seledyne.sampleWorld!(seledyne.view(s, 2), 2, rng, { seats: 4, options: s.options });
      expect(world.players[0]!.hand.map((c) => c.id)).toContain('NAB-05');
    }
  });

  it('with a Sum card in the giver’s counter the gift shows nothing of its hand', () => {
    const s = givenAfter(table([['SAL-05'], [], [], []]), {}, [sumGift]).state;
    expect(knownBy(s, 1)).toEqual([]);
  });

  it('the giver’s exchange hides it again (the others do not see which card went back)', () => {
    const s = givenAfter(table(), {}, [sumGift, [0, { type: 'exchange', give: 'NAB-05', take: 'NAB-02' }]]).state;
    expect(knownBy(s, 1)).toEqual([]);
  });
});

describe('the Sum Rule of a turn, once a gift shows it', () => {
  // Nabist 6 plays first; Salaist 1 (difference 5), Yarist 3 (difference 3), Moraist 5 (difference 1)
  const sixes: Arrangement = { houses: ['NAB', 'SAL', 'YAR', 'MOR'], hands: [['NAB-01', 'NAB-02', 'NAB-05', 'NAB-07'], ['SAL-01'], ['YAR-01'], ['MOR-01']], dice: [6, 1, 3, 5] };

  it('a gift of the giver’s Sum card shows it to every seat, and worlds sampled for them keep it in force', () => {
    const s = givenAfter(sixes, {}, [[0, { type: 'gift', target: 1, cards: ['NAB-05'] }]]).state;
    for (const viewer of [0, 1, 2, 3, null]) expect(seledyne.view(s, viewer).turn!.sumShown).toBe(true);
    const rng = fastRng(9);
    for (let k = 0; k < 20; k++) expect(seledyne.sampleWorld!(seledyne.view(s, 2), 2, rng, { seats: 4, options: s.options }).turn!.sumActive).toBe(true);
  });

  it('a gift of one other card shows nothing', () => {
    const s = givenAfter(sixes, {}, [[0, { type: 'gift', target: 3, cards: ['NAB-01'] }]]).state;
    expect(seledyne.view(s, 2).turn!.sumShown).toBe(false);
  });
});
