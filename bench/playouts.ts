/**
 * The search bot's unit of work, per game and seat count: a playout is a world sampled from a
 * seat's view (`sampleWorld`) and a greedy rollout to the search's cut (the round's end), from
 * positions of greedy play; per second of CPU.
 */
import { fastRng, seatedTable, table, type AnyGame, type SetupContext } from '../services/engine/core/index.js';
import { playOut, policyFor } from '../services/bots/search/rollout.js';

export interface PlayoutPosition {
  view: unknown;
  seat: number;
  setup: SetupContext<unknown>;
}

/** The positions playouts start from: every 5th position of two games of the policy (greedy where the game has it). */
export function playoutPositions(game: AnyGame, seats: number, options: unknown, rng = fastRng(1)): PlayoutPosition[] {
  const t = table(game);
  const policy = policyFor(game);
  const positions: PlayoutPosition[] = [];
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
  return positions;
}

export function benchPlayouts(game: AnyGame, seats: number, seconds: number, options: unknown = {}): number {
  if (!game.sampleWorld) return NaN;
  const rng = fastRng(1);
  const policy = policyFor(game);
  const positions = playoutPositions(game, seats, options, rng);
  const cpu = () => {
    const c = process.cpuUsage();
    return c.user + c.system;
  };
  const playout = (i: number) => {
    const p = positions[i % positions.length]!;
    playOut(game, game.sampleWorld!(p.view, p.seat, rng, p.setup), policy, p.setup, rng);
  };
  // Warm-up till the rate settles (three quarter-seconds in a row no more than 10% faster than
  // the best before them, at most 4 s: on a loaded machine the optimising compiler's threads get
  // little CPU, and a fixed 0.3 s left Silver's rate at half its settled figure), then playouts
  // per second of CPU (not wall: the machine may be shared). The clock is read every 8 playouts,
  // in the warm-up as in the timed part: read after each one, it took 10-15% of a profile.
  let best = Infinity;
  let n = 0;
  for (let k = 0, still = 0; k < 16 && still < 3; k++) {
    const c1 = cpu();
    let done = 0;
    while (cpu() - c1 < 0.25e6) for (let j = 0; j < 8; j++) playout(n + done++);
    const perPlayout = (cpu() - c1) / done;
    still = perPlayout < 0.9 * best ? 0 : still + 1;
    best = Math.min(best, perPlayout);
  }
  const c0 = cpu();
  while (cpu() - c0 < seconds * 1e6) for (let k = 0; k < 8; k++) playout(n++);
  return n / ((cpu() - c0) / 1e6);
}
