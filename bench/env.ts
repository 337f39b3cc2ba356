/**
 * The research environment's speed (docs/research-env.md): random self-play steps per second
 * through the OpenSpiel-shaped state (legalActions + applyAction), without and with the acting
 * seat's observation; and from Python through the JSON-lines server (python/bench.py). Figures are
 * per CPU second, as the machine may be shared; wall time is printed beside them.
 */
import { spawnSync } from 'node:child_process';
import { EnvSpec, EnvState } from '../services/env/index.js';
import { CloneableRng } from '../services/env/rng.js';

export interface EnvFigure {
  steps: number;
  perCpuSecond: number;
  perWallSecond: number;
}

export function benchEnvSteps(game: string, seats: number, seconds: number, observe: boolean): EnvFigure {
  const spec = EnvSpec.of(game, seats, {});
  const rng = new CloneableRng(1);
  const out = new Float32Array(spec.obsSize);
  let seed = 0;
  const play = (until: number) => {
    let steps = 0;
    while (performance.now() < until) {
      const s = EnvState.start(spec, seed++);
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        if (observe) s.observationTensor(s.currentPlayer(), out);
        s.applyAction(legal[rng.int(legal.length)]!);
        steps++;
      }
    }
    return steps;
  };
  play(performance.now() + 1500); // warm-up: the JIT settles
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const steps = play(wall0 + seconds * 1000);
  const cpu = process.cpuUsage(cpu0);
  return { steps, perCpuSecond: steps / ((cpu.user + cpu.system) / 1e6), perWallSecond: steps / ((performance.now() - wall0) / 1000) };
}

/** python/bench.py's lines, or why it could not run. */
export function benchEnvPython(seconds: number): string[] {
  const run = spawnSync('python3', ['python/bench.py', String(seconds), '256'], { encoding: 'utf8', timeout: (seconds * 6 + 60) * 1000 });
  if (run.error || run.status !== 0) return [`python bench did not run: ${run.error?.message ?? run.stderr.trim().split('\n').pop()}`];
  return run.stdout.trim().split('\n');
}
