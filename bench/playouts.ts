/**
 * The search bot's unit of work, per game and seat count: a playout is a world sampled from a
 * seat's view (`sampleWorld`) and a greedy rollout to the search's cut (the round's end), from
 * positions of greedy play; per second of CPU.
 */
import { fastRng, seatedTable, table, type AnyGame, type SetupContext } from '../services/engine/core/index.js';
import { playOut, policyFor } from '../services/bots/search/rollout.js';

export function benchPlayouts(game: AnyGame, seats: number, seconds: number, options: unknown = {}): number {
  if (!game.sampleWorld) return NaN;
  const t = table(game);
  const rng = fastRng(1);
  const policy = policyFor(game);
  const positions: { view: unknown; seat: number; setup: SetupContext<unknown> }[] = [];
  for (let g = 0; g < 2; g++) {
    let s = seatedTable(t, { seats, options, seed: `playouts-${g}` });
    const setup = { seats, options: s.options };
    for (let i = 0; !s.ended; i++) {
      const seat = t.status(s).toMove[0]!;
      if (i % 5 === 0) positions.push({ view: t.view(s, seat), seat, setup });
      const move = policy(t.view(s, seat), t.legalMoves(s, seat), rng, { game, seat, setup });
      s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
    }
  }
  const cpu = () => {
    const c = process.cpuUsage();
    return c.user + c.system;
  };
  const playout = (i: number) => {
    const p = positions[i % positions.length]!;
    playOut(game, game.sampleWorld!(p.view, p.seat, rng, p.setup), policy, p.setup, rng);
  };
  // Warm-up, then playouts per second of CPU (not wall: the machine may be shared).
  for (let i = 0, c0 = cpu(); cpu() - c0 < Math.min(0.3, seconds / 4) * 1e6; i++) playout(i);
  let n = 0;
  const c0 = cpu();
  while (cpu() - c0 < seconds * 1e6) for (let k = 0; k < 8; k++) playout(n++);
  return n / ((cpu() - c0) / 1e6);
}
