/**
 * decide skips its checks for a move that is one of the very objects the legal list of that state
 * holds (listed-now.ts `listedNow`): the list is built to pass them. This holds the shortcut to the full
 * path: on every decision of random games, each listed move decides the same events as its copy
 * (a copy is never listed, so it is checked in full), and a copy changed to an illegal move is
 * still refused after the list was asked.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import type { Command } from '../../../services/engine/games/seledyne/commands.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { options as optionSchema } from '../../../services/engine/games/seledyne/options.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';

const copy = (m: Command): Command => JSON.parse(JSON.stringify(m)) as Command;

function games(seats: number, options: object, seeds: number, each: (s: State, seat: number, listed: Command[]) => void): void {
  const o = optionSchema.parse(options);
  for (let seed = 0; seed < seeds; seed++) {
    const rng = fastRng(seed);
    let s = seledyne.initialState({ seats, options: o });
    for (const e of seledyne.start(s, fastRng(1000 + seed))) s = seledyne.evolve(s, e);
    for (let moves = 0; !seledyne.status(s).over && moves < 3000; moves++) {
      const toMove = seledyne.status(s).toMove;
      const seat = toMove[rng.int(toMove.length)]!;
      const listed = seledyne.legalCommands(s, seat);
      each(s, seat, listed);
      const move = listed[rng.int(listed.length)]!;
      for (const e of seledyne.decide(s, move, seat, fastRng(seed * 7919 + moves))) s = seledyne.evolve(s, e);
    }
  }
}

describe('Seledyne: a listed move decides as its copy does', () => {
  for (const [label, options] of [
    ['defaults', {}],
    ['random reserve draws, mandatory Six-Multiple draws', { ownerSeesReserve: false, sixMultipleDrawsOptional: false }],
  ] as const)
    it(`${label}: 2, 3 and 5 seats, every listed move of every decision`, () => {
      let checked = 0;
      for (const seats of [2, 3, 5])
        games(seats, options, 2, (s, seat, listed) => {
          for (let i = 0; i < listed.length; i++) {
            const m = listed[i]!;
            // the copy first: the listed object is then no longer of the state asked last, and is checked in full
            const fromCopy = seledyne.decide(s, copy(m), seat, fastRng(i));
            seledyne.legalCommands(s, seat);
            expect(seledyne.decide(s, m, seat, fastRng(i))).toEqual(fromCopy);
            checked++;
          }
        });
      expect(checked).toBeGreaterThan(1000);
    });

  it('a copy of a listed gift changed to cards that do not pay is refused, the list asked just before', () => {
    let refused = 0;
    games(3, {}, 6, (s, seat, listed) => {
      const gift = listed.find((m) => m.type === 'gift');
      if (!gift || gift.type !== 'gift') return;
      const hand = s.players[seat]!.hand;
      const wrong = hand.find((c) => !gift.cards.includes(c.id) && c.value !== hand.find((x) => x.id === gift.cards[0])!.value);
      if (!wrong || gift.cards.length !== 1) return;
      seledyne.legalCommands(s, seat);
      expect(() => seledyne.decide(s, { ...gift, cards: [wrong.id] }, seat, fastRng(0))).toThrow();
      refused++;
    });
    expect(refused).toBeGreaterThan(10);
  });
});
