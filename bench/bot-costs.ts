/**
 * `npx tsx bench/bot-costs.ts [game]`: what a search bot pays per call, per game and seat count:
 * µs per `sampleWorld` (it draws one world per iteration) and µs per greedy decision (its rollout
 * policy), at the positions of greedy games. Not a test; figures are medians of several passes
 * of CPU time.
 */
import { GREEDY } from '../services/bots/greedy/index.js';
import { fastRng, randomBot, table, type AnyGame, type Bot, type TableState } from '../services/engine/core/index.js';
import { games } from '../services/engine/registry.js';

interface Decision {
  view: unknown;
  legal: readonly unknown[];
  seat: number;
}

/** Every position of a few greedy games: each seat's view, and the mover's legal moves. */
function positions(game: AnyGame, seats: number, bot: Bot, count: number) {
  const t = table(game);
  const rng = fastRng(1);
  const views: { view: unknown; seat: number }[] = [];
  const decisions: Decision[] = [];
  let setup = { seats, options: {} as unknown };
  for (let g = 0; g < count; g++) {
    let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options: {}, seed: `costs-${g}`, seedFixed: true }));
    for (let i = 0; i < seats; i++) s = t.fold(t.decide(s, { type: 'join', name: `p${i}`, tokenHash: `${i}` }), s);
    setup = { seats, options: s.options };
    while (!s.ended) {
      for (let seat = 0; seat < seats; seat++) views.push({ view: game.view(s.play, seat), seat });
      const toMove = t.status(s).toMove;
      const seat = toMove[rng.int(toMove.length)]!;
      const d = { view: t.view(s, seat), legal: t.legalMoves(s, seat), seat };
      decisions.push(d);
      s = t.fold(t.decide(s, { type: 'move', seat, move: bot(d.view, d.legal, rng, { game, seat, setup }) }), s);
    }
  }
  return { views, decisions, setup };
}

/** Median over passes of CPU µs per call of `f` over `items` (CPU time: other processes share the cores). */
function microseconds<T>(items: readonly T[], f: (item: T) => void, passes = 7): number {
  // Passes of at least 20,000 calls, after one to warm the JIT (a few hundred calls are not warm).
  const repeats = Math.ceil(20_000 / items.length);
  const figures: number[] = [];
  for (let p = 0; p <= passes; p++) {
    const start = process.cpuUsage();
    for (let r = 0; r < repeats; r++) for (const item of items) f(item);
    const { user, system } = process.cpuUsage(start);
    if (p > 0) figures.push((user + system) / (repeats * items.length));
  }
  return figures.sort((a, b) => a - b)[passes >> 1]!;
}

const only = process.argv[2];
for (const game of games) {
  if (only && game.id !== only) continue;
  const greedy = GREEDY[game.id];
  if (!game.sampleWorld && !greedy) continue;
  for (let seats = game.seats.min; seats <= game.seats.max; seats++) {
    const { views, decisions, setup } = positions(game, seats, greedy ?? randomBot, 4);
    const rng = fastRng(2);
    const context = { game, setup };
    const sample = game.sampleWorld ? `${microseconds(views, ({ view, seat }) => game.sampleWorld!(view, seat, rng, setup)).toFixed(1).padStart(6)} µs/sampleWorld` : '';
    const decide = greedy ? `${microseconds(decisions, (d) => greedy(d.view, d.legal, rng, { ...context, seat: d.seat })).toFixed(2).padStart(6)} µs/greedy decision` : '';
    console.log(`${game.id.padEnd(20)} ${seats} seats  ${sample}  ${decide}  (${views.length} views, ${decisions.length} decisions)`);
  }
}
