/**
 * boardgame.io 0.50.2 playing SCOUT, run in the same command so both see the same machine load.
 * It is not a dependency of Parlor: point BGIO_SCOUT_DIR at a folder holding the baseline script
 * (`scout-bgio.cjs`, with its node_modules installed) to include it; otherwise it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** µs per move by seat count, or null when the baseline is not installed. */
export function boardgameIoScout(games = 100): Map<number, number> | null {
  const dir = process.env.BGIO_SCOUT_DIR;
  if (!dir || !existsSync(join(dir, 'scout-bgio.cjs')) || !existsSync(join(dir, 'node_modules'))) return null;
  const out = execFileSync(process.execPath, ['scout-bgio.cjs', String(games)], { cwd: dir, encoding: 'utf8' });
  const perSeat = new Map<number, number>();
  for (const m of out.matchAll(/SCOUT (\d)p: .*?([\d.]+) µs\/move/g)) perSeat.set(Number(m[1]), Number(m[2]));
  return perSeat;
}
