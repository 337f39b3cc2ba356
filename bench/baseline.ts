/**
 * boardgame.io 0.50.2 playing SCOUT, run in the same command so both see the same machine load.
 * It is not a dependency of Parlor: point BGIO_SCOUT_DIR at a folder holding the baseline script
 * (`scout-bgio.cjs`, with its node_modules installed) to include it; otherwise it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** CPU µs per move by seat count, or null when the baseline is not installed. */
export function boardgameIoScout(games = 100): Map<number, number> | null {
  const dir = process.env.BGIO_SCOUT_DIR;
  if (!dir || !existsSync(join(dir, 'scout-bgio.cjs')) || !existsSync(join(dir, 'node_modules'))) return null;
  // The script times itself with process.hrtime.bigint: made this process's CPU clock here, so
  // its µs/move is CPU time, comparable with the engine's CPU figure on a loaded machine.
  const cpuClock = 'data:text/javascript,process.hrtime.bigint=()=>{const u=process.cpuUsage();return BigInt(u.user+u.system)*1000n}';
  const out = execFileSync(process.execPath, ['--import', cpuClock, 'scout-bgio.cjs', String(games)], { cwd: dir, encoding: 'utf8' });
  const perSeat = new Map<number, number>();
  for (const m of out.matchAll(/SCOUT (\d)p: .*?([\d.]+) µs\/move/g)) perSeat.set(Number(m[1]), Number(m[2]));
  return perSeat;
}
