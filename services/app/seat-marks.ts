/**
 * Linked seats: where each human seat of a rated game was taken from, as keyed hashes (the
 * marks tournaments keep for their entries: services/tournaments/events.ts), so a rated game
 * between accounts of one client address or one device counts for no rating (ratings farmed
 * with throwaway accounts; docs/ratings.md). Never shown: views, errors and logs carry none,
 * and the key is the game's (or its seek's, its tournament's), so marks of two games cannot be
 * compared. The judgement reads only what the game records, so the projection and a rebuild agree.
 *
 * A request's own address and device are marked with the deployment's keyed hash as well
 * (sourceMarks, stored-hash.ts): a game's id is no secret, so a mark keyed by it alone gives its
 * IPv4 address back to whoever reads the table and tries all 2^32. Marks made from marks (a
 * seek's, an entry's, an offer's, keyed again by the game they lead to) need no secret of their own.
 */
import { createHmac } from 'node:crypto';
import type { StoredHash } from './stored-hash.js';

/** Where a seat was taken from: the client address and the device, each a keyed hash. */
export interface SeatMarks {
  address?: string;
  device?: string;
}

/** Where a request came from, raw (never stored): the client address, the device (api/tournaments.ts joinSource). */
export interface SeatSource {
  address?: string;
  device?: string;
}

/** Whether a rated game whose seats are linked counts (recorded in the game at creation: a later change rewrites nothing). */
export type LinkedSeatsRule = 'UNCOUNTED' | 'COUNTED';
/** The safe reading: people sharing a home or office address then play each other unrated. */
export const RATED_LINKED_SEATS: LinkedSeatsRule = 'UNCOUNTED';

export function linkedSeatsRule(value: string | undefined): LinkedSeatsRule {
  if (value === undefined || value === '') return RATED_LINKED_SEATS;
  if (value === 'UNCOUNTED' || value === 'COUNTED') return value;
  throw new Error(`RATED_LINKED_SEATS is UNCOUNTED or COUNTED, not "${value}"`);
}

/**
 * The network a client address stands for: an IPv4 address itself, an IPv6 address its /64 (one
 * home or host is handed a whole /64, so each of its 2^64 addresses would be a new client), an
 * IPv4-mapped IPv6 address its IPv4. Anything else (a hash, a device id) is returned as it is.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('%')[0]!.toLowerCase().split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const mark = (key: string, value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);

/**
 * A request's marks under `key` ("game:<id>", "seek:<id>"), from its raw address and device,
 * through the deployment's keyed hash; undefined when nothing is known.
 */
export async function sourceMarks(hash: StoredHash, key: string, from: SeatSource | undefined): Promise<SeatMarks | undefined> {
  if (!from) return undefined;
  const purpose = `mark|${key}`;
  const out: SeatMarks = { ...(from.address && { address: await hash(purpose, clientNetwork(from.address)) }), ...(from.device && { device: await hash(purpose, from.device) }) };
  return out.address || out.device ? out : undefined;
}

/** Marks of another key (sourceMarks', or a holder's keyed hash) keyed again under `key`: comparable only within it. */
export function marksUnder(key: string, from: SeatSource | SeatMarks | undefined): SeatMarks | undefined {
  if (!from) return undefined;
  const out: SeatMarks = { ...(from.address && { address: mark(key, clientNetwork(from.address)) }), ...(from.device && { device: mark(key, from.device) }) };
  return out.address || out.device ? out : undefined;
}

/** A game's own key for its seats' marks. */
export const gameMarkKey = (gameId: string) => `game:${gameId}`;

/** Whether two of these seats (humans' marks) share a client address or a device. */
export function linked(marks: readonly (SeatMarks | undefined)[]): boolean {
  const seen = { address: new Set<string>(), device: new Set<string>() };
  for (const m of marks) {
    for (const k of ['address', 'device'] as const) {
      const v = m?.[k];
      if (v === undefined) continue;
      if (seen[k].has(v)) return true;
      seen[k].add(v);
    }
  }
  return false;
}
