/**
 * Checks a finished game's public record by playing it again: the revealed seed must hash to
 * the published seedHash; every recorded command, decided again by the engine from the start,
 * must produce exactly the table events the spectator saw at that version (so every shuffle and
 * deal is re-derived, from the deal seed that the seed and the players' entropy give); the game
 * must end with the published result. Beside the table's events a commit holds the app's (who
 * holds a seat, clocks, leaving, cancelling): the engine does not produce those, so they are
 * checked for what they imply — a seat the server filled in the same commit must be a bot seat
 * the game declared, and the header (players, bots, who left, how it ended) must be what the
 * events say. A take-back (`MoveTakenBack`, app/commands/take-back.ts) puts back the state before
 * the move it names, which must be the last commit of the table's events, with nothing since.
 */
import { isDeepStrictEqual } from 'node:util';
import { isAppEvent, type GameSettings } from '../app/app-events.js';
import { dealSeed, replayedCommand, sha256Hex, table, type AnyGame, type SeatTaken, type Table, type TableEvent, type TableState } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import { RECORD_FORMAT, type GameRecord } from './record.js';
import { seatsFacts } from './seats.js';
import { startSeatsOf } from './start-seats.js';

export type Verdict = { ok: true; versions: number } | { ok: false; version: number; reason: string };

const fail = (version: number, reason: string): Verdict => ({ ok: false, version, reason });
const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** What the replay has reached: the table's state, the declared bot seats, where each seat was taken, whether the game was called off. */
interface Replay {
  state: TableState | null;
  /** The state before the last commit of the table's events, and that commit's version: what a take-back puts back. */
  before?: { state: TableState | null; version: number };
  botSeats: Set<number>;
  seatVersions: number[];
  cancelled: boolean;
}

export function verifyRecord(doc: unknown, lookup: (id: string) => AnyGame | undefined = findGame): Verdict {
  const shape = shapeProblem(doc);
  if (shape) return fail(0, shape);
  const record = doc as GameRecord;
  const game = lookup(record.type);
  if (!game) return fail(0, `unknown game type "${record.type}"`);
  if (sha256Hex(record.seed) !== record.seedHash) return fail(1, 'the revealed seed does not hash to the published seedHash');

  const t = table(game);
  const replay: Replay = { state: null, botSeats: new Set(), seatVersions: [], cancelled: false };
  for (const [i, commit] of record.commits.entries()) {
    const version = i + 1;
    if (commit.version !== version) return fail(version, `the commit in place ${version} says version ${commit.version}: commits are missing or out of order`);
    const problem = replayCommit(t, replay, commit, version, record.seed);
    if (problem) return fail(version, problem);
  }

  const last = record.commits.length;
  const state = replay.state;
  if (!state || (!state.ended && !replay.cancelled)) return fail(last, 'the record stops before the game ends');
  const result = replay.cancelled ? null : t.status(state).result;
  if (!isDeepStrictEqual(roundTrip(result), record.result)) return fail(last, 'the published result is not the one the game reaches');
  const header = { type: state.game, seats: state.seats, options: state.options, seedHash: state.seedHash, seedFixed: state.seedFixed };
  for (const [key, value] of Object.entries(header)) {
    if (!isDeepStrictEqual(roundTrip(value), record[key as keyof typeof header])) return fail(1, `the record’s ${key} is not the game’s`);
  }
  return headerProblem(record, replay) ?? { ok: true, versions: last };
}

/** Decides one commit's command again and checks its events; a reason when they differ. */
function replayCommit(t: Table, replay: Replay, commit: GameRecord['commits'][number], version: number, seed: string): string | null {
  const recorded = commit.events.filter((e) => !isAppEvent(e));
  for (const e of commit.events) {
    // Seats the server fills itself: bot seats, and seats given to players at creation (a tournament's tables).
    if (e.type === 'GameSettings') for (const b of [...(e as unknown as GameSettings).bots, ...((e as unknown as GameSettings).seated ?? [])]) replay.botSeats.add(b.seat);
    if (e.type === 'GameCancelled') replay.cancelled = true;
  }
  const undone = commit.events.find((e) => e.type === 'MoveTakenBack') as { version?: number } | undefined;
  if (undone) {
    if (recorded.length || !replay.before || replay.before.version !== undone.version) return 'the take-back names no move it could undo (the last commit of the game’s events)';
    replay.state = replay.before.state;
    replay.before = undefined;
    return null;
  }
  if (!commit.command) return recorded.length ? 'no command is recorded for this commit' : null; // the app's events only
  const command = replayedCommand(commit.command, seed);
  if ((commit.seat ?? null) !== (command.type === 'move' ? command.seat : null)) return 'the commit’s seat is not the command’s';
  let produced: TableEvent[];
  let state: TableState;
  try {
    produced = t.decide(replay.state, command);
    state = t.fold(produced, replay.state);
    // Seats the server filled right after this command: each is a join of a declared bot seat.
    while (produced.length < recorded.length && recorded[produced.length]!.type === 'SeatTaken' && !state.started) {
      const seat = state.players.length;
      if (!replay.botSeats.has(seat)) return `seat ${seat} is taken without a command, but it is not a bot seat`;
      const taken = t.decide(state, { type: 'join', name: (recorded[produced.length] as SeatTaken).name, tokenHash: '' });
      produced = [...produced, ...taken];
      state = t.fold(taken, state);
    }
  } catch (e) {
    return `the engine refuses the recorded command: ${(e as Error).message}`;
  }
  const seen = roundTrip(produced.map((e) => t.redact(e, null)));
  if (!isDeepStrictEqual(seen, recorded)) {
    // A game's compact event (Game.expand) stands for events a record stored before it holds: the same game in either form
    const [a, b] = [expanded(t, seen), expanded(t, recorded)];
    if (!a || !b || !isDeepStrictEqual(a, b)) return `the recorded events differ from what the command produces (${firstDifference(a ?? seen, b ?? recorded)})`;
  }
  for (let seat = replay.state?.players.length ?? 0; seat < state.players.length; seat++) replay.seatVersions[seat] = version;
  replay.before = { state: replay.state, version };
  replay.state = state;
  return null;
}

/** The events with each compact event written out in the older form it stands for; null when the game has none or a recorded one is malformed. */
function expanded(t: Table, events: readonly TableEvent[]): TableEvent[] | null {
  const expand = t.game.expand;
  if (!expand) return null;
  try {
    return events.flatMap((e) => expand(e) ?? [e]);
  } catch {
    return null;
  }
}

/** The header's seat facts and deal seed, derived again from the (verified) events. */
function headerProblem(record: GameRecord, replay: Replay): Verdict | null {
  const facts = seatsFacts(record.commits.flatMap((c) => c.events));
  const players = record.players ?? [];
  for (const [seat, p] of facts.players.entries()) {
    if (!isDeepStrictEqual(roundTrip(p), players[seat])) return fail(replay.seatVersions[seat] ?? 1, `the record’s player in seat ${seat} is not the one the seat’s join names`);
  }
  if (players.length !== facts.players.length) return fail(1, 'the record lists other players than the game seated');
  // The deal seed from the header's own entropies: a changed contribution fails at the deal.
  const deal = replay.seatVersions.at(-1) ?? 1;
  if (record.dealSeed !== dealSeed(record.seed, players.map((p) => p.entropy))) return fail(deal, 'the published deal seed is not the hash of the seed and the players’ entropy');
  for (const key of ['resigned', 'forfeited', 'timedOut', 'botSeats'] as const) {
    if (record[key] !== undefined && !isDeepStrictEqual(record[key], facts[key])) return fail(record.commits.length, `the record’s ${key} seats are not the ones its events name`);
  }
  // Absent in records published before it existed; when present, the (verified) deals must name it.
  if (record.startSeats !== undefined && !isDeepStrictEqual(record.startSeats, startSeatsOf(record.type, record.commits.flatMap((c) => c.events)))) return fail(record.commits.length, 'the record’s startSeats are not the rounds’ start seats its events name');
  return null;
}

function shapeProblem(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return 'not a JSON object';
  const r = doc as Partial<GameRecord>;
  if (r.format !== RECORD_FORMAT) return `not a ${RECORD_FORMAT} document`;
  if (typeof r.type !== 'string' || typeof r.seed !== 'string' || typeof r.seedHash !== 'string') return 'type, seed and seedHash must be strings';
  if (!Array.isArray(r.commits) || r.commits.length === 0) return 'no commits';
  if (!r.commits.every((c) => typeof c === 'object' && c !== null && Array.isArray(c.events))) return 'every commit needs an events list';
  if (!Array.isArray(r.players)) return 'no players list';
  return null;
}

function firstDifference(expected: unknown[], recorded: unknown[]): string {
  if (expected.length !== recorded.length) return `${recorded.length} events recorded, ${expected.length} produced`;
  const i = expected.findIndex((e, k) => !isDeepStrictEqual(e, recorded[k]));
  return `event ${i + 1}, ${(expected[i] as { type?: string }).type ?? '?'}`;
}
