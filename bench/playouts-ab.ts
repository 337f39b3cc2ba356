/**
 * Playouts per CPU second of another commit's engine and bots beside this tree's, in one process,
 * blocks alternating (the machine's load moves absolute rates by a third between runs; the ratio
 * in one run is the figure). The ref's services/engine and services/bots are extracted with git
 * archive into .bench-engines/<sha>-playouts (inside the repository, so their imports find
 * node_modules), as bench/engine.ts does for the engine alone, and timed by this tree's
 * bench/playouts.ts copied beside them: the same harness (warm-up, positions) for both.
 *   npx tsx bench/playouts-ab.ts [--ref REF=HEAD~1] [--game silver] [--seats 2,4] [--seconds 0.5] [--rounds 3]
 * (--seats: the seat counts to time; by default the game's fewest and min(4, most); --editions: Silver's
 * decks to time, by default dagger,coin,amulet.) Beside the median of the blocks, the best block of
 * each side: the machine's load only ever slows a block, so the best is the steadier figure when
 * the load swings. main against itself at load 6-7 on 2 cores: medians 0.66-1.45x (5 blocks of 1 s)
 * and 0.82-1.21x (15 of 0.3 s), best blocks 0.95-1.32x and 0.96-1.17x: many short blocks, and a
 * gain read twice, before it is believed.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchPlayouts } from './playouts.js';
import { treeAt } from './engine.js';
import { findGame } from '../services/engine/registry.js';
import type { AnyGame } from '../services/engine/core/index.js';

const { values } = parseArgs({ options: { ref: { type: 'string', default: 'HEAD~1' }, game: { type: 'string', default: 'silver' }, seconds: { type: 'string', default: '0.5' }, rounds: { type: 'string', default: '3' }, seats: { type: 'string' }, editions: { type: 'string', default: 'dagger,coin,amulet' } } });
const root = resolve(import.meta.dirname, '..');
const tree = treeAt(values.ref!, ['services/engine', 'services/bots'], '-playouts');
if (!tree) throw new Error(`${values.ref} does not resolve to a commit`);
const { sha, dir } = tree;
mkdirSync(join(dir, 'bench'), { recursive: true });
copyFileSync(join(root, 'bench/playouts.ts'), join(dir, 'bench/playouts.ts'));
const refBench = (await import(pathToFileURL(join(dir, 'bench/playouts.ts')).href)) as { benchPlayouts: typeof benchPlayouts };
const refGames = (await import(pathToFileURL(join(dir, 'services/engine/registry.ts')).href)) as { findGame: typeof findGame };

const game = findGame(values.game)!;
const refGame = refGames.findGame(values.game)!;
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const variants = game.id === 'silver' ? values.editions.split(',').map((edition) => ({ label: edition, options: { edition } })) : [{ label: '', options: {} }];
const seatCounts = values.seats ? values.seats.split(',').map(Number) : [...new Set([game.seats.min, Math.min(4, game.seats.max)])];
for (const n of seatCounts) if (!Number.isInteger(n) || n < game.seats.min || n > game.seats.max) throw new Error(`--seats: ${game.id} takes ${game.seats.min} to ${game.seats.max} seats, not ${n}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`${game.id}: playouts per CPU second, ${values.ref} (${sha.slice(0, 7)}) beside this tree, median of ${rounds} alternating blocks of ${seconds}s`);
for (const { label, options } of variants)
  for (const seats of seatCounts) {
    const before: number[] = [];
    const after: number[] = [];
    for (let k = 0; k < rounds; k++) {
      // Alternating which goes first, as the engine bench does.
      const pair: [AnyGame, typeof benchPlayouts, number[]][] = [
        [refGame, refBench.benchPlayouts, before],
        [game, benchPlayouts, after],
      ];
      for (const [g, bench, out] of k % 2 ? pair.reverse() : pair) out.push(bench(g, seats, seconds, options));
    }
    const b = median(before);
    const a = median(after);
    const bestB = Math.max(...before);
    const bestA = Math.max(...after);
    console.log(`  ${(label ? `${game.id} (${label})` : game.id).padEnd(18)} ${seats} seats  ${b.toFixed(0).padStart(6)} → ${a.toFixed(0).padStart(6)}  ${(a / b).toFixed(2)}×   best ${bestB.toFixed(0).padStart(6)} → ${bestA.toFixed(0).padStart(6)}  ${(bestA / bestB).toFixed(2)}×`);
  }
