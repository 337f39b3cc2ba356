/**
 * µs of CPU per `sampleWorld` call and per greedy decision, over positions of random play: the
 * search bot samples one world per iteration and plays greedy rollouts, so these two set its
 * pace. CPU time, not wall time: the machine is shared. Asserts nothing.
 *   npx tsx bench/sample-world.ts <game> <seats> [seconds]
 */
import { pathToFileURL } from 'node:url';
import { GREEDY } from '../services/bots/greedy/index.js';
import { fastRng, randomBot, table, type AnyGame, type TableState } from '../services/engine/core/index.js';
import { findGame } from '../services/engine/registry.js';

interface Position {
  view: unknown;
  seat: number;
  legal: readonly unknown[];
}

function positions(game: AnyGame, seats: number, games: number) {
  const t = table(game);
  const rng = fastRng(1);
  const out: Position[] = [];
  let setup = { seats, options: {} as unknown };
  for (let g = 0; g < games; g++) {
    let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options: {}, seed: `sample-bench-${g}`, seedFixed: true }));
    for (let i = 0; i < seats; i++) s = t.fold(t.decide(s, { type: 'join', name: `p${i}`, tokenHash: `${i}` }), s);
    setup = { seats, options: s.options };
    while (!s.ended) {
      const toMove = t.status(s).toMove;
      const mover = toMove[rng.int(toMove.length)]!;
      const legal = t.legalMoves(s, mover);
      if (rng.int(4) === 0) for (let seat = 0; seat < seats; seat++) out.push({ view: JSON.parse(JSON.stringify(t.view(s, seat))), seat, legal: seat === mover ? legal : [] });
      s = t.fold(t.decide(s, { type: 'move', seat: mover, move: randomBot(t.view(s, mover), legal, rng) }), s);
    }
  }
  return { positions: out, setup };
}

/** CPU µs per call of `f` over the items, repeated for about `seconds` of CPU. */
function cpuMicros<T>(items: readonly T[], seconds: number, f: (item: T) => void): number {
  for (const x of items) f(x); // warm up
  const start = process.cpuUsage();
  let calls = 0;
  for (;;) {
    for (const x of items) f(x);
    calls += items.length;
    const used = process.cpuUsage(start);
    if (used.user + used.system >= seconds * 1e6) return (used.user + used.system) / calls;
  }
}

export function benchSampleWorld(game: AnyGame, seats: number, seconds = 2) {
  const { positions: all, setup } = positions(game, seats, 10);
  const rng = fastRng(2);
  const sampleUs = game.sampleWorld ? cpuMicros(all, seconds, (p) => game.sampleWorld!(p.view, p.seat, rng, setup)) : NaN;
  const greedy = GREEDY[game.id];
  const decisions = all.filter((p) => p.legal.length > 0);
  const greedyUs = greedy ? cpuMicros(decisions, seconds, (p) => greedy(p.view, p.legal, rng, { game, seat: p.seat, setup })) : NaN;
  return { positions: all.length, sampleUs, greedyUs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [id = 'seledyne', seats = '4', seconds = '2'] = process.argv.slice(2);
  const game = findGame(id);
  if (!game) throw new Error(`no game ${id}`);
  const r = benchSampleWorld(game, Number(seats), Number(seconds));
  console.log(`${id} ${seats} seats, ${r.positions} (position, seat) pairs: sampleWorld ${r.sampleUs.toFixed(1)} µs CPU/call, greedy ${r.greedyUs.toFixed(2)} µs CPU/decision`);
}
