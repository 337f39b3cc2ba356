/**
 * Idempotent moves: a commandId is remembered with a fingerprint of its move, so a retry
 * (same id, same move) is recognised and answered with the first result, while the same id
 * sent with another move is refused instead of silently answering for the first one.
 * The fingerprint travels in the commit's commandId: `<id>#<16 hex>`.
 */
import { sha256Hex } from '../engine/core/index.js';
import { commandKey, type Aggregate } from './aggregate.js';
import { AppError } from './errors.js';

const FINGERPRINT = 16;

/** JSON with object keys sorted: the same move written in another key order is the same move. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The commandId as the commit stores it. */
export const fingerprinted = (commandId: string, move: unknown) => `${commandId}#${sha256Hex(canonical(move)).slice(0, FINGERPRINT)}`;

/**
 * The version that committed this command, if the game remembers it; BAD_INPUT if the id
 * was used by this seat for another move. Commits older than the fingerprint match on the id.
 */
export function committedVersion(agg: Aggregate, seat: number, commandId: string, move: unknown): number | undefined {
  const exact = agg.commandIds[commandKey(seat, fingerprinted(commandId, move))] ?? agg.commandIds[commandKey(seat, commandId)];
  if (exact !== undefined) return exact;
  const prefix = commandKey(seat, `${commandId}#`);
  for (const key of Object.keys(agg.commandIds)) {
    if (key.length === prefix.length + FINGERPRINT && key.startsWith(prefix)) {
      throw new AppError('BAD_INPUT', `commandId "${commandId}" was already used for another move`);
    }
  }
  return undefined;
}
