/**
 * Silver's legal moves are values (services/engine/games/silver/moves.ts): every listed move is
 * frozen, nested arrays too, and two listed moves that read the same are one object, so the lab
 * writes each move's text once (analytics/plays.ts keeps the text of a frozen move) and a legal
 * list allocates only itself.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot, seatedTable, table } from '../../../services/engine/core/index.js';
import { EDITIONS, PROMO_NUMBERS } from '../../../services/engine/games/silver/cards.js';
import { command } from '../../../services/engine/games/silver/commands.js';
import { silver } from '../../../services/engine/games/silver/index.js';

/** A random deck mix (§7) with the guessed powers on: every kind of move comes up. */
function mixed(seed: number) {
  const rng = fastRng(seed);
  const mix: Record<string, string> = {};
  for (let n = 0; n < 14; n++) {
    const eds = EDITIONS.filter((e) => e !== 'promo' || PROMO_NUMBERS.includes(n));
    mix[String(n)] = eds[rng.int(eds.length)]!;
  }
  if (seed % 2) mix['0'] = 'coin'; // Generous: a give at scoring names a seat
  if (seed % 3 === 0) mix['12'] = 'promo'; // Looter: a number
  return { edition: 'coin', mix, token: (['dagger', 'coin', 'amulet', 'bullet'] as const)[seed % 4], coinAssassinGuess: true, coinGenerousGuess: true, rounds: 2 };
}

const deepFrozen = (x: unknown): boolean => typeof x !== 'object' || x === null || (Object.isFrozen(x) && Object.values(x).every(deepFrozen));

describe('legal moves as shared frozen values', () => {
  it('every listed move is frozen and one object per move, at every edition and 2-4 seats', () => {
    const t = table(silver);
    const seen = new Map<string, unknown>();
    let listed = 0;
    const times = new Map<string, number>();
    const games = [
      ...['dagger', 'coin', 'amulet'].flatMap((edition) => [2, 3, 4].map((seats) => ({ seats, options: { edition, rounds: 2 } as object }))),
      ...Array.from({ length: 12 }, (_, g) => ({ seats: 2 + (g % 3), options: mixed(g) as object })),
    ];
    for (const [g, { seats, options }] of games.entries()) {
      const rng = fastRng(g);
      let s = seatedTable(t, { seats, options, seed: `moves-${g}` });
      while (!s.ended) {
        const toMove = t.status(s).toMove;
        const seat = toMove[rng.int(toMove.length)]!;
        const legal = t.legalMoves(s, seat);
        for (const m of legal) {
          listed++;
          // Plain checks per move (tens of thousands); expect explains a failure.
          const key = JSON.stringify(m);
          if (!deepFrozen(m)) expect(deepFrozen(m), key).toBe(true);
          const first = seen.get(key);
          if (first === undefined) seen.set(key, m);
          else if (m !== first) expect(m, key).toBe(first);
        }
        // Half the time a move of the kind played least so far (the rare kinds come up: a give, a number, a seat …).
        const rarest = Math.min(...legal.map((m) => times.get((m as { type: string }).type) ?? 0));
        const move = randomBot(undefined, rng.int(2) ? legal : legal.filter((m) => (times.get((m as { type: string }).type) ?? 0) === rarest), rng) as { type: string };
        times.set(move.type, (times.get(move.type) ?? 0) + 1);
        s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
      }
    }
    // Every kind of move was listed (the power steps' targets, seats, numbers, pile indexes …).
    const kinds = new Set([...seen.keys()].map((k) => (JSON.parse(k) as { type: string }).type));
    expect([...kinds].sort()).toEqual(command.options.map((o) => o.shape.type.value).sort());
    expect(listed).toBeGreaterThan(10_000);
  });
});
