/**
 * A move is accepted only as listed. `legalCommands` gives one spelling per move (positions in
 * the order it names them, `left` for a one-card set, multi-step actions as their steps); a
 * game's `decide` may be more lenient, so the table accepts a move only when it equals a listed
 * one, and names the listed spelling when the seat sent another (issue #37: clients check their
 * move against `legalMoves`, and a list that is not the whole truth misleads them).
 */
import type { AnyGame, Seat } from './decider.js';
import type { Rng } from './rng.js';
import { RuleViolation } from './errors.js';

/**
 * Deep equality of two JSON values, whatever the order of object keys (a key whose value is
 * undefined counts as absent). It runs against every listed move of a kind on each move a client
 * sends, so it walks keys in place rather than building key lists.
 */
export function sameMove(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const list = Array.isArray(a);
  if (list !== Array.isArray(b)) return false;
  if (list) {
    const as = a as unknown[];
    const bs = b as unknown[];
    if (as.length !== bs.length) return false;
    for (let i = 0; i < as.length; i++) if (!sameMove(as[i], bs[i])) return false;
    return true;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  let defined = 0;
  for (const k in ra) {
    if (!Object.hasOwn(ra, k) || ra[k] === undefined) continue;
    defined++;
    if (!Object.hasOwn(rb, k) || !sameMove(ra[k], rb[k])) return false;
  }
  for (const k in rb) if (Object.hasOwn(rb, k) && rb[k] !== undefined) defined--;
  return defined === 0;
}

const typeOf = (m: unknown): unknown => (m as { type?: unknown } | null)?.type;

/** The listed move `move` equals (the game's own object), or undefined. */
export function listedAs(listed: readonly unknown[], move: unknown): unknown {
  const type = typeOf(move);
  for (const m of listed) if (typeOf(m) === type && sameMove(m, move)) return m;
  return undefined;
}

/** Whether `move` is one of `listed`. */
export function isListed(listed: readonly unknown[], move: unknown): boolean {
  return listedAs(listed, move) !== undefined;
}

/** The move's primitive values, sorted: the same for two spellings that reorder positions. */
function bag(m: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
    else out.push(JSON.stringify(v));
  };
  walk(m);
  return out.sort().join(',');
}

/** How many fields of two moves of one kind differ (a field missing from one counts). */
function fieldsApart(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let n = 0;
  for (const k of keys) if (!sameMove(a[k], b[k])) n++;
  return n;
}

/**
 * Refuses `move`, which is not listed: with the game's own refusal when its rules refuse it too,
 * else (another spelling of a legal move) with ILLEGAL_MOVE naming the listed move it most likely
 * meant: the same values in another order, else the one listed move of its kind that differs in
 * one field only. The choice reads only the move and the seat's own list, never the hidden state,
 * so the message tells a seat nothing it did not know.
 */
export function refuseUnlisted(game: AnyGame, play: unknown, move: unknown, seat: Seat, listed: readonly unknown[], rng: Rng): never {
  game.decide(play, move, seat, rng); // throws the rules' own refusal when they refuse it
  const sameKind = listed.filter((m) => typeOf(m) === typeOf(move)) as Record<string, unknown>[];
  const reordered = sameKind.find((m) => bag(m) === bag(move));
  const near = sameKind.filter((m) => fieldsApart(m, move as Record<string, unknown>) === 1);
  const canonical = reordered ?? (near.length === 1 ? near[0] : undefined);
  throw new RuleViolation(
    'ILLEGAL_MOVE',
    canonical
      ? `not as legalMoves spells it: send ${JSON.stringify(canonical)}`
      : 'not as legalMoves spells it: a move is accepted only as one of legalMoves (a multi-step action as its listed steps)',
    { ...(canonical && { meant: canonical }) },
  );
}
