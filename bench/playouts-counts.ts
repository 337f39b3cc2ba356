/**
 * What a playout does, counted (no clock: the same figures on a loaded machine): per Silver
 * edition and seat count, from bench/playouts.ts's positions, the moves per playout, the legal
 * list's mean size and how many lists have each size, the moves by pending step and kind, and how
 * the round ended. A per-playout rate that differs between editions is read against these first:
 * a longer playout, or longer lists, or a different mix of moves.
 *   npx tsx bench/playouts-counts.ts [--editions dagger,coin,amulet] [--seats 2,4] [--playouts 400]
 */
import { parseArgs } from 'node:util';
import { fastRng } from '../services/engine/core/index.js';
import { applyMove, policyMove, policyFor } from '../services/bots/search/rollout.js';
import { cutFor } from '../services/bots/search/cut.js';
import { findGame } from '../services/engine/registry.js';
import { playoutPositions } from './playouts.js';
import type { State } from '../services/engine/games/silver/state.js';

const { values } = parseArgs({ options: { editions: { type: 'string', default: 'dagger,coin,amulet' }, seats: { type: 'string', default: '2,4' }, playouts: { type: 'string', default: '400' } } });
const game = findGame('silver')!;
const cut = cutFor(game)!;
const n = Number(values.playouts);
const top = (counts: Record<string, number>, k = 10) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([key, c]) => `${key} ${(c / n).toFixed(1)}`)
    .join(', ');

for (const edition of values.editions.split(','))
  for (const seats of values.seats.split(',').map(Number)) {
    // The positions bench/playouts.ts starts from.
    const rng = fastRng(1);
    const policy = policyFor(game);
    const positions = playoutPositions(game, seats, { edition }, rng);
    let moves = 0;
    let listed = 0;
    const sizes: Record<string, number> = {};
    const steps: Record<string, number> = {};
    const ends: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const p = positions[i % positions.length]!;
      let s = game.sampleWorld!(p.view, p.seat, rng, p.setup) as State;
      const stage = cut.stage(s);
      for (let m = 0; m < 2000; m++) {
        const st = game.status(s);
        if (st.over) break;
        const actor = st.toMove[rng.int(st.toMove.length)]!;
        const size = game.legalCommands(s, actor).length;
        listed += size;
        sizes[size >= 10 ? '10+' : String(size)] = (sizes[size >= 10 ? '10+' : String(size)] ?? 0) + 1;
        const pend = s.pending;
        const step = s.phase !== 'play' ? s.phase : !pend ? 'turn' : pend.kind === 'power' ? `power:${pend.steps[pend.i]!.op}` : pend.kind;
        const move = policyMove(game, policy, s, actor, p.setup, rng) as { type: string };
        steps[`${step}>${move.type}`] = (steps[`${step}>${move.type}`] ?? 0) + 1;
        s = applyMove(game, s, move, actor, rng) as State;
        moves++;
        if (cut.stage(s) !== stage) {
          const reason = s.history[s.history.length - 1]?.reason ?? 'over';
          ends[reason] = (ends[reason] ?? 0) + 1;
          break;
        }
      }
    }
    console.log(`silver (${edition}) ${seats} seats: ${(moves / n).toFixed(1)} moves per playout, legal list ${(listed / moves).toFixed(1)} moves on average`);
    console.log(`  lists by size, per playout: ${Object.entries(sizes).map(([k, c]) => `${k}: ${(c / n).toFixed(1)}`).join(', ')}`);
    console.log(`  moves by step>kind, per playout: ${top(steps)}`);
    console.log(`  round ended by: ${top(ends)}`);
  }
