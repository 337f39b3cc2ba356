/**
 * µs per `sampleWorld` call, and per sampled world's view, at positions of random play (every
 * seat's view): the search bot samples once per iteration. Any game with a sampleWorld.
 * Run alone: `npx tsx bench/sample-world.ts [game] [seats] [calls]`.
 */
import { fastRng, randomBot, type AnyGame } from '../services/engine/core/index.js';
import { games } from '../services/engine/registry.js';

/** Views (with their seat) of every position of a few random games. */
function positions(game: AnyGame, seats: number, options: unknown, count: number): [unknown, number][] {
  const setup = { seats, options: game.options.parse(options) };
  const rng = fastRng(1);
  const out: [unknown, number][] = [];
  for (let g = 0; out.length < count; g++) {
    let s = game.initialState(setup);
    for (const e of game.start(s, rng)) s = game.evolve(s, e);
    for (let st = game.status(s); !st.over && out.length < count; st = game.status(s)) {
      const seat = st.toMove[rng.int(st.toMove.length)]!;
      for (let v = 0; v < seats; v++) out.push([game.view(s, v), v]);
      for (const e of game.decide(s, randomBot(null, game.legalCommands(s, seat), rng), seat, rng)) s = game.evolve(s, e);
    }
  }
  return out;
}

/** µs of CPU per call of `work` over `runs` calls: CPU time, since the machine is often shared. */
function cpuUs(runs: number, work: (i: number) => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) work(i);
  return process.cpuUsage(start).user / runs;
}

export function benchSampleWorld(game: AnyGame, seats: number, runs: number, options: unknown = {}) {
  const setup = { seats, options: game.options.parse(options) };
  const views = positions(game, seats, options, 2000);
  const rng = fastRng(2);
  cpuUs(views.length, (i) => game.sampleWorld!(views[i]![0], views[i]![1], rng, setup)); // warm-up
  const sampleUs = cpuUs(runs, (i) => game.sampleWorld!(views[i % views.length]![0], views[i % views.length]![1], rng, setup));
  const worlds = views.map(([view, seat]) => [game.sampleWorld!(view, seat, rng, setup), seat] as const);
  const viewUs = cpuUs(runs, (i) => game.view(worlds[i % worlds.length]![0], worlds[i % worlds.length]![1]));
  return { sampleUs, viewUs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [id = 'silver', seats = '2', runs = '20000'] = process.argv.slice(2);
  const game = games.find((g) => g.id === id)!;
  const r = benchSampleWorld(game, Number(seats), Number(runs));
  console.log(`${id} ${seats} seats: sampleWorld ${r.sampleUs.toFixed(1)} µs CPU/call, view of the world ${r.viewUs.toFixed(1)} µs CPU`);
}
