/**
 * Sea Salt & Paper: µs per sampleWorld, per view and per greedy decision, at positions of greedy
 * play (2 and 4 seats). `npx tsx bench/ssp-sample-world.ts`. Not a test: figures, not assertions.
 */
import { fastRng, type BotContext } from '../services/engine/core/index.js';
import { greedySeaSaltAndPaper as greedy } from '../services/bots/greedy/sea-salt-and-paper.js';
import { seaSaltAndPaper as game } from '../services/engine/games/sea-salt-and-paper/index.js';
import type { State } from '../services/engine/games/sea-salt-and-paper/state.js';
import type { View } from '../services/engine/games/sea-salt-and-paper/view.js';

const µs = (ms: number, n: number) => ((ms * 1000) / n).toFixed(1);

for (const seats of [2, 4]) {
  const rng = fastRng(1);
  const setup = { seats, options: game.options.parse({}) };
  const ctx = (seat: number): BotContext => ({ game, seat, setup });
  const states: State[] = [];
  for (let g = 0; g < 20; g++) {
    let s = game.initialState(setup);
    for (const e of game.start(s, rng)) s = game.evolve(s, e);
    while (!game.status(s).over) {
      states.push(s);
      const seat = game.status(s).toMove[0]!;
      const move = greedy(game.view(s, seat), game.legalCommands(s, seat), rng, ctx(seat));
      for (const e of game.decide(s, game.command.parse(move), seat, rng)) s = game.evolve(s, e);
    }
  }
  const views: [View, number][] = states.flatMap((s) => Array.from({ length: seats }, (_, seat) => [game.view(s, seat), seat] as [View, number]));
  const decisions = states.map((s) => {
    const seat = game.status(s).toMove[0]!;
    return { view: game.view(s, seat), legal: game.legalCommands(s, seat), seat };
  });
  const time = (rounds: number, f: () => void) => {
    f();
    const t = performance.now();
    for (let r = 0; r < rounds; r++) f();
    return performance.now() - t;
  };
  const sample = time(3, () => views.forEach(([v, seat]) => game.sampleWorld!(v, seat, rng, setup)));
  const view = time(3, () => states.forEach((s) => game.view(s, 0)));
  const decide = time(3, () => decisions.forEach((d) => greedy(d.view, d.legal, rng, ctx(d.seat))));
  console.log(`${seats} seats, ${views.length} views: sampleWorld ${µs(sample, 3 * views.length)} µs, view ${µs(view, 3 * states.length)} µs, greedy decision ${µs(decide, 3 * decisions.length)} µs`);
}
