/**
 * Checks a finished game's public record by playing it again: the revealed seed must hash to
 * the published seedHash; every recorded command, decided again by the engine from the start,
 * must produce exactly the events the spectator saw at that version (so every shuffle and deal
 * is re-derived, from the deal seed that the seed and the players' entropy give); the game must end
 * with the published result.
 */
import { isDeepStrictEqual } from 'node:util';
import { dealSeed, replayedCommand, sha256Hex, table, type AnyGame, type TableEvent, type TableState } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import { RECORD_FORMAT, type GameRecord } from './record.js';

export type Verdict = { ok: true; versions: number } | { ok: false; version: number; reason: string };

const fail = (version: number, reason: string): Verdict => ({ ok: false, version, reason });
const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x));

export function verifyRecord(doc: unknown, lookup: (id: string) => AnyGame | undefined = findGame): Verdict {
  const shape = shapeProblem(doc);
  if (shape) return fail(0, shape);
  const record = doc as GameRecord;
  const game = lookup(record.type);
  if (!game) return fail(0, `unknown game type "${record.type}"`);
  if (sha256Hex(record.seed) !== record.seedHash) return fail(1, 'the revealed seed does not hash to the published seedHash');

  const t = table(game);
  let state: TableState | null = null;
  for (const [i, commit] of record.commits.entries()) {
    const version = i + 1;
    if (commit.version !== version) return fail(version, `the commit in place ${version} says version ${commit.version}: commits are missing or out of order`);
    if (!commit.command) return fail(version, 'no command is recorded for this commit');
    const command = replayedCommand(commit.command, record.seed);
    if ((commit.seat ?? null) !== (command.type === 'move' ? command.seat : null)) return fail(version, 'the commit’s seat is not the command’s');
    let events: TableEvent[];
    try {
      events = t.decide(state, command);
    } catch (e) {
      return fail(version, `the engine refuses the recorded command: ${(e as Error).message}`);
    }
    const seen = roundTrip(events.map((e) => t.redact(e, null)));
    if (!isDeepStrictEqual(seen, commit.events)) return fail(version, `the recorded events differ from what the command produces (${firstDifference(seen, commit.events)})`);
    state = t.fold(events, state);
  }

  const last = record.commits.length;
  if (!state || !state.ended) return fail(last, 'the record stops before the game ends');
  if (!isDeepStrictEqual(roundTrip(t.status(state).result), record.result)) return fail(last, 'the published result is not the one the game reaches');
  const derived = dealSeed(state.seed, state.players.map((p) => p.entropy));
  if (record.dealSeed !== undefined && record.dealSeed !== derived) return fail(1 + state.seats, 'the published deal seed is not the hash of the seed and the players’ entropy');
  const header = { type: state.game, seats: state.seats, options: state.options, seedHash: state.seedHash, seedFixed: state.seedFixed };
  for (const [key, value] of Object.entries(header)) {
    if (!isDeepStrictEqual(roundTrip(value), record[key as keyof typeof header])) return fail(1, `the record’s ${key} is not the game’s`);
  }
  return { ok: true, versions: last };
}

function shapeProblem(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return 'not a JSON object';
  const r = doc as Partial<GameRecord>;
  if (r.format !== RECORD_FORMAT) return `not a ${RECORD_FORMAT} document`;
  if (typeof r.type !== 'string' || typeof r.seed !== 'string' || typeof r.seedHash !== 'string') return 'type, seed and seedHash must be strings';
  if (!Array.isArray(r.commits) || r.commits.length === 0) return 'no commits';
  if (!r.commits.every((c) => typeof c === 'object' && c !== null && Array.isArray(c.events))) return 'every commit needs an events list';
  return null;
}

function firstDifference(expected: unknown[], recorded: unknown[]): string {
  if (expected.length !== recorded.length) return `${recorded.length} events recorded, ${expected.length} produced`;
  const i = expected.findIndex((e, k) => !isDeepStrictEqual(e, recorded[k]));
  return `event ${i + 1}, ${(expected[i] as { type?: string }).type ?? '?'}`;
}
