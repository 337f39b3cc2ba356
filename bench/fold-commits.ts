/**
 * What folding a stored game costs per commit through the service's fold (fromStream, every
 * commit through applyCommit): one random three-seat game of each game, folded 30 times, CPU
 * time. Written to check that keeping the last move for take-backs (app/aggregate.ts) adds
 * nothing measurable: run it on two checkouts and compare (`npx tsx bench/fold-commits.ts`).
 */
import { fastRng, tableFor } from '../services/engine/core/index.js';
import { games } from '../services/engine/registry.js';
import { fromStream } from '../services/app/aggregate.js';
import type { Commit } from '../services/store/port.js';

const REPS = 30;
for (const game of games) {
  const t = tableFor(game);
  const rng = fastRng(1);
  const options = game.id === 'silver' ? { rounds: 1 } : {};
  const create = t.decide(null, { type: 'create', game: game.id, seats: 3, options, seed: 'b', seedFixed: true });
  const commits: Commit[] = [{ version: 1, events: create, at: '' }];
  let state = t.fold(create);
  for (let s = 0; s < 3; s++) {
    const events = t.decide(state, { type: 'join', name: `p${s}`, tokenHash: `h${s}` });
    state = t.fold(events, state);
    commits.push({ version: commits.length + 1, events, at: '' });
  }
  while (!state.ended && commits.length < 400) {
    const toMove = t.status(state).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const legal = t.legalMoves(state, seat);
    const events = t.decide(state, { type: 'move', seat, move: JSON.parse(JSON.stringify(legal[rng.int(legal.length)])) });
    state = t.fold(events, state);
    commits.push({ version: commits.length + 1, events, seat, at: '' });
  }
  const stream = { version: commits.length, snapshot: null, commits };
  fromStream('bench', stream);
  const start = process.cpuUsage();
  for (let i = 0; i < REPS; i++) fromStream('bench', stream);
  const used = process.cpuUsage(start);
  console.log(`${game.id}: ${commits.length} commits, ${((used.user + used.system) / REPS / commits.length).toFixed(2)} µs CPU per commit`);
}
