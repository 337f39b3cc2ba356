/**
 * A run's option set as a person reads it: only the options that differ from the game's defaults
 * (the games record every option, defaults included, so a record stands alone).
 */
import { findGame } from '../engine/registry.js';

export function optionsLabel(gameId: string, options: unknown): string {
  const defaults = findGame(gameId)?.options.safeParse({});
  const base = (defaults?.success ? defaults.data : {}) as Record<string, unknown>;
  const changed = Object.entries((options ?? {}) as Record<string, unknown>).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(base[k]));
  return changed.length ? changed.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ') : 'default options';
}
