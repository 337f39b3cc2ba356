/**
 * Every game plays exactly as its golden playthrough says (test/kit/golden-playthrough.ts): seeded
 * random games at the fewest seats (and SCOUT, whose two-seat game has rules of its own, at three
 * too), every event, every seat's view and the result.
 * A failure names the first line that differs. `npm run playthroughs:write` renews the files after
 * an intended change in the rules.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { goldenFile, goldenPlaythrough, type GoldenCase } from '../kit/golden-playthrough.js';

const FOLDER = new URL('./playthroughs/', import.meta.url);
const WRITE = process.env.PLAYTHROUGHS_WRITE === '1';

const cases: GoldenCase[] = [
  ...games.map((game) => ({ game, seats: game.seats.min, seed: 1 })),
  { game: games.find((g) => g.id === 'scout')!, seats: 3, seed: 1 },
];

/** The first line where two texts part, with its number, or null when they are the same. */
export function firstDifference(want: string, got: string): string | null {
  const a = want.split('\n');
  const b = got.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (a[i] !== b[i]) return `line ${i + 1}\n  golden: ${a[i] ?? '(end of file)'}\n  now:    ${b[i] ?? '(end of file)'}`;
  return null;
}

describe('golden playthroughs', () => {
  it('a difference is named by its first line', () => {
    expect(firstDifference('a\nb\nc', 'a\nb\nc')).toBeNull();
    expect(firstDifference('a\nb\nc', 'a\nx\nc')).toBe('line 2\n  golden: b\n  now:    x');
    expect(firstDifference('a', 'a\nz')).toBe('line 2\n  golden: (end of file)\n  now:    z');
  });

  for (const c of cases)
    it(`${c.game.id} at ${c.seats} seats plays as ${goldenFile(c)} says`, () => {
      const got = goldenPlaythrough(c);
      const file = new URL(goldenFile(c), FOLDER);
      if (WRITE) {
        mkdirSync(FOLDER, { recursive: true });
        writeFileSync(file, got);
        return;
      }
      expect(firstDifference(readFileSync(file, 'utf8'), got)).toBeNull();
    });
});
