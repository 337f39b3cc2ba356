/**
 * The lab's compact record (`npm run simulate`'s default format): per game its line in games.ndjson
 * and one line in plays.ndjson — the seat and command of every move, nothing else. A lab game's
 * creation and joins are fixed by its games line (type, seats, options, the revealed seed, seats
 * named bot0, bot1 …), so the seed and the moves are the whole game: the events and moves tables
 * are derived again by replaying the moves through the engine (`expandPlays`), as a verifier
 * does, when `npm run stats` or anyone else first needs them. Serialising every event as the game
 * is played costs more than the engine that decided it; replaying costs the engine once more, and
 * only for runs whose events someone reads.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { recordedCommand, sha256Hex, tableFor, type AnyGame, type TableCommand, type TableEvent, type TableState } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import type { Commit } from '../store/port.js';
import { EVENTS_FILE, GAMES_FILE, MOVES_FILE, NdjsonWriter, PLAYS_FILE, gameLines } from './ndjson.js';
import { gameFacts, type GameFacts } from './record.js';
import { CHECKPOINT_FILE } from './simulate.js';

export { PLAYS_FILE };

const playTexts = new WeakMap<object, string[]>();

/**
 * One move as plays.ndjson lists it: `[seat,move]`. Made once per seat and move object the engine
 * shares (SCOUT's and Sea Salt & Paper's legal moves are frozen values, met again and again).
 */
export function playJson(seat: number, move: unknown): string {
  if (typeof move !== 'object' || move === null || !Object.isFrozen(move)) return `[${seat},${JSON.stringify(move)}]`;
  let bySeat = playTexts.get(move);
  if (bySeat === undefined) playTexts.set(move, (bySeat = []));
  return (bySeat[seat] ??= sharedPlayJson(seat, move));
}

/**
 * A shared move's `[seat,move]`, the same text as playJson's template for an object, made by one
 * JSON.stringify: a flat string, where the template made a rope that every game's join walked again.
 */
const sharedPlayJson = (seat: number, move: object): string => JSON.stringify([seat, move]);

/**
 * A game's moves as plays.ndjson lists them (`[[seat,move],…]`, the text `playsOf` gives), gathered
 * as it is played: a move the engine shares (frozen) by its text made once (`playJson`); any
 * other kept as it is, and a run of them serialised by one JSON.stringify when the next shared move
 * or the end comes (Seledyne's moves are new objects each move: one call per move was a sixth of its engine's cost).
 */
export class PlaysText {
  private readonly texts: string[] = [];
  private pending: [number, unknown][] = [];

  add(seat: number, move: unknown): void {
    // A move whose text is cached is a shared one (only frozen moves are): its text without asking again whether it is frozen
    // (Object.isFrozen is a call into the runtime, twice a move on the way through playJson).
    const bySeat = typeof move === 'object' && move !== null ? playTexts.get(move) : undefined;
    if (bySeat !== undefined) {
      if (this.pending.length) this.flush();
      this.texts.push((bySeat[seat] ??= sharedPlayJson(seat, move as object)));
    } else if (typeof move === 'object' && move !== null && Object.isFrozen(move)) {
      if (this.pending.length) this.flush();
      this.texts.push(playJson(seat, move));
    } else this.pending.push([seat, move]);
  }

  /** The pending moves as one element of `texts`: their array's JSON without its brackets. */
  private flush(): void {
    this.texts.push(JSON.stringify(this.pending).slice(1, -1));
    this.pending = [];
  }

  /**
   * The game's line of plays.ndjson, `head` (`{"gameId":…,"moves":`), the moves' text (`[[seat,move],…]`)
   * and `}\n`, made by one join as one flat string; and the moves' text within it (a slice: no copy).
   * Joining the moves alone and then writing them into the line copied the text twice more, the
   * hash and the batch's encoding each flattening a rope of their own.
   */
  line(head: string): { line: string; text: string } {
    if (this.pending.length) this.flush();
    const t = this.texts;
    let line: string;
    if (t.length === 0) line = `${head}[]}\n`;
    else {
      t[0] = `${head}[${t[0]}`;
      t[t.length - 1] += ']}\n';
      line = t.join(',');
    }
    return { line, text: line.slice(head.length, line.length - 2) };
  }
}

/** The moves of `commits` in order, as plays.ndjson lists them: `[[seat,move],…]`. */
export function playsOf(commits: readonly Commit[]): string {
  const moves: string[] = [];
  for (const c of commits) {
    const command = c.command as { type?: string; move?: unknown } | undefined;
    if (command?.type === 'move') moves.push(playJson(c.seat!, command.move));
  }
  return `[${moves.join(',')}]`;
}

/** Game `id`'s line of plays.ndjson: `{"gameId":…,"moves":[[seat,move],…]}`, given its moves as `playsOf` writes them. */
export const playsLineOf = (id: string, plays: string): string => `{"gameId":${JSON.stringify(id)},"moves":${plays}}\n`;

/** Game `id`'s line of plays.ndjson, the moves of `commits` in order. */
export const playsLine = (id: string, commits: readonly Commit[]): string => playsLineOf(id, playsOf(commits));

/**
 * A lab game's fingerprint of its moves, kept in its games line (`playsHash`): the SHA-256 of its
 * moves as plays.ndjson lists them. A replay must give the games line again, hash included, so a
 * move changed in plays.ndjson is caught even when it stays legal and the game ends alike.
 */
export const playsHash = (plays: string): string => sha256Hex(plays);

/** A lab game's facts: its line-up and the fingerprint of its moves beside the export's. */
export type LabFacts = GameFacts & { bots: string[]; playsHash: string };

/**
 * The facts of a lab game (changed in place) with its line-up and its moves' hash, in the games
 * line's order of keys. Every seat of a simulation is a bot's (gameLine writes it so; set here,
 * its line needs no copy of the facts).
 */
export function labFacts(facts: GameFacts, lineup: string[], plays: string): LabFacts {
  const lab = facts as LabFacts;
  lab.bots = lineup;
  lab.playsHash = playsHash(plays);
  lab.botSeats = [...Array(facts.seats).keys()];
  return lab;
}

/** What a games line holds that a replay needs. */
interface GameHead {
  id: string;
  type: string;
  seats: number;
  options: unknown;
  seed: string;
  createdAt: string;
  endedAt: string;
  bots?: string[];
  /** Absent in runs written before the hash was kept (their moves are checked by the result and counts alone). */
  playsHash?: string;
}

/**
 * The commits of a lab game, played again from its games line and its moves: the creation and
 * joins as the lab makes them (services/analytics/bot-game.ts), then each move. A compact record
 * keeps the game's start and end times only: every commit is stamped with the start, the last with the end.
 */
export function replayPlays(game: AnyGame, head: GameHead, moves: readonly [number, unknown][], givenOptions: unknown = head.options): Commit[] {
  const t = tableFor(game);
  const commits: Commit[] = [];
  let state: TableState | null = null;
  const commit = (command: TableCommand, seat?: number) => {
    const events: TableEvent[] = t.decide(state, command);
    state = t.fold(events, state);
    commits.push({ version: commits.length + 1, events, at: head.createdAt, command: recordedCommand(command), ...(seat === undefined ? {} : { seat }) });
  };
  commit({ type: 'create', game: game.id, seats: head.seats, options: givenOptions ?? {}, seed: head.seed, seedFixed: false });
  for (let s = 0; s < head.seats; s++) commit({ type: 'join', name: `bot${s}`, tokenHash: '' });
  for (const [seat, move] of moves) commit({ type: 'move', seat, move }, seat);
  commits[commits.length - 1]!.at = head.endedAt;
  return commits;
}

async function* linesOf(path: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line) yield line;
}

/** Whether `dir` holds a compact run whose events table has not been derived yet. */
export const needsExpanding = (dir: string): boolean =>
  existsSync(join(dir, PLAYS_FILE)) && !existsSync(join(dir, EVENTS_FILE)) && !existsSync(join(dir, EVENTS_FILE.replace('.ndjson', '.parquet')));

/**
 * Writes events.ndjson and moves.ndjson of a compact run (games.ndjson + plays.ndjson) by replaying
 * every game; each replay must give the game's very line in games.ndjson (its result, start seats,
 * counts, and the hash of its moves: `playsHash`), or the run is refused as not reproducible. The files appear whole or not at all (written
 * under other names, then renamed). Returns the games replayed.
 */
export async function expandPlays(dir: string): Promise<number> {
  // The run's options as given (its creation commands record them so; the games line holds them parsed, defaults filled in).
  const checkpoint = join(dir, CHECKPOINT_FILE);
  const given = existsSync(checkpoint) ? (JSON.parse(await readFile(checkpoint, 'utf8')) as { settings?: { options?: unknown } }).settings?.options : undefined;
  const events = await NdjsonWriter.open(join(dir, `${EVENTS_FILE}.tmp`));
  const moves = await NdjsonWriter.open(join(dir, `${MOVES_FILE}.tmp`));
  let count = 0;
  try {
    const plays = linesOf(join(dir, PLAYS_FILE));
    for await (const gameLine of linesOf(join(dir, GAMES_FILE))) {
      const head = JSON.parse(gameLine) as GameHead;
      const next = await plays.next();
      if (next.done) throw new Error(`${dir}: ${PLAYS_FILE} ends before game ${head.id}`);
      const play = JSON.parse(next.value) as { gameId: string; moves: [number, unknown][] };
      if (play.gameId !== head.id) throw new Error(`${dir}: ${PLAYS_FILE} holds game ${play.gameId} where games.ndjson holds ${head.id}`);
      const game = findGame(head.type);
      if (!game) throw new Error(`${dir}: game ${head.id} is of an unknown type ${head.type}`);
      const commits = replayPlays(game, head, play.moves, given ?? head.options);
      const facts = gameFacts(head.id, commits, { moveCap: true });
      // The hash is made again from the replayed moves: a move changed in plays.ndjson changes it, even one that stays legal.
      const lab = facts && head.bots && (head.playsHash !== undefined ? labFacts(facts, head.bots, playsOf(commits)) : ({ ...facts, bots: head.bots } as GameFacts));
      const lines = facts && gameLines(lab || facts, commits);
      if (!lines || lines.game !== `${gameLine}\n`) throw new Error(`${dir}: game ${head.id} does not replay to its line in games.ndjson`);
      await events.writeText(lines.events);
      await moves.writeText(lines.moves);
      count++;
    }
    if (!(await plays.next()).done) throw new Error(`${dir}: ${PLAYS_FILE} holds more games than games.ndjson`);
    await events.close();
    await moves.close();
  } catch (e) {
    await events.close().catch(() => undefined);
    await moves.close().catch(() => undefined);
    await rm(join(dir, `${EVENTS_FILE}.tmp`), { force: true });
    await rm(join(dir, `${MOVES_FILE}.tmp`), { force: true });
    throw e;
  }
  await rename(join(dir, `${MOVES_FILE}.tmp`), join(dir, MOVES_FILE));
  await rename(join(dir, `${EVENTS_FILE}.tmp`), join(dir, EVENTS_FILE));
  return count;
}
