/**
 * µs per `sampleWorld` call, and per sampled world's view, at positions of random play (every
 * seat's view): the search bot samples once per iteration. Any game with a sampleWorld.
 * Run alone: `npx tsx bench/sample-world.ts [game] [seats] [seconds]`.
 */
import { fastRng, randomBot, type AnyGame } from '../services/engine/core/index.js';
import { games } from '../services/engine/registry.js';
import { perSecond } from './stats.js';

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

export function benchSampleWorld(game: AnyGame, seats: number, seconds: number, options: unknown = {}) {
  const setup = { seats, options: game.options.parse(options) };
  const views = positions(game, seats, options, 2000);
  const rng = fastRng(2);
  const sample = perSecond(seconds, (i) => {
    const [view, seat] = views[i % views.length]!;
    game.sampleWorld!(view, seat, rng, setup);
  });
  const worlds = views.slice(0, 500).map(([view, seat]) => [game.sampleWorld!(view, seat, rng, setup), seat] as const);
  const viewOf = perSecond(seconds, (i) => {
    const [world, seat] = worlds[i % worlds.length]!;
    game.view(world, seat);
  });
  return { sampleUs: 1e6 / sample.perSecond, viewUs: 1e6 / viewOf.perSecond };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [id = 'silver', seats = '2', seconds = '2'] = process.argv.slice(2);
  const game = games.find((g) => g.id === id)!;
  const r = benchSampleWorld(game, Number(seats), Number(seconds));
  console.log(`${id} ${seats} seats: sampleWorld ${r.sampleUs.toFixed(1)} µs/call, view of the world ${r.viewUs.toFixed(1)} µs`);
}
