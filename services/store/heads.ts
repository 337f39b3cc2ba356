/**
 * Acknowledged heads: each game's highest version this machine acknowledged, kept in a file of
 * its own beside the embedded DynamoDB's data (DATA_DIR/heads.jsonl). A LevelDB log cut short
 * (a disk or copy that lost its tail) drops its newest writes, and with them anything written in
 * the same batch, so a head kept inside the table would be lost with the commits it vouches
 * for. Kept outside, it tells a lost tail from a game that never went further: at start (the
 * game is refused, STREAM_DAMAGED, naming the versions missing) and in `npm run verify-store`.
 *
 * One line per append (`{"g":gameId,"v":version}`), written before the append is acknowledged;
 * rewritten to one line per game at start and whenever it grows past a few lines per game
 * (COMPACT_LINES_PER_GAME, plus a floor). The rewrite goes to a file beside it, synced, then
 * renamed over it (and the folder synced): a kill at any moment leaves either the old file or the
 * new one whole, never a part. If this file is lost or cut too, nothing is detected (no false
 * alarm): it only ever lowers what is expected.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventStore } from './port.js';

export const HEADS_FILE = 'heads.jsonl';
/** The file is rewritten once it holds more than this many lines per game, plus the floor. */
export const COMPACT_LINES_PER_GAME = 4;
/** The floor: small tables are not rewritten often (a rewrite costs about 3 µs a game). */
export const COMPACT_FLOOR = 10_000;

/** Each game's acknowledged head in the file at `path` (empty when there is none); unreadable lines are skipped. */
export function readHeads(path: string): Map<string, number> {
  const heads = new Map<string, number>();
  if (!existsSync(path)) return heads;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      const { g, v } = JSON.parse(line) as { g?: unknown; v?: unknown };
      if (typeof g === 'string' && Number.isSafeInteger(v) && (v as number) > 0) heads.set(g, Math.max(heads.get(g) ?? 0, v as number));
    } catch {
      // a line cut short by a crash mid-write: the line before it for that game stands
    }
  }
  return heads;
}

const line = (gameId: string, version: number) => `${JSON.stringify({ g: gameId, v: version })}\n`;

/** The journal one server appends to (it holds the data folder's lock, so it is the only writer). */
export class HeadJournal {
  private fd: number;
  private lines: number;

  /** Rewrites so far (tests, benches). */
  compactions = 0;

  private constructor(
    private readonly path: string,
    readonly heads: Map<string, number>,
    private readonly log: { error(details: object, message: string): void },
    private readonly floor: number,
  ) {
    this.fd = this.rewrite();
    this.lines = heads.size;
  }

  /** `floor`: the lines beyond COMPACT_LINES_PER_GAME a game before a rewrite (default COMPACT_FLOOR; tests lower it). */
  static open(path: string, log: { error(details: object, message: string): void } = { error: (d, m) => console.error(m, d) }, floor = COMPACT_FLOOR): HeadJournal {
    return new HeadJournal(path, readHeads(path), log, floor);
  }

  /** The most lines the file holds before it is rewritten. */
  get bound(): number {
    return COMPACT_LINES_PER_GAME * this.heads.size + this.floor;
  }

  /** Notes that `gameId` was acknowledged at `version`. A failed write is logged, never thrown: the commit stands. */
  record(gameId: string, version: number): void {
    if ((this.heads.get(gameId) ?? 0) >= version) return;
    this.heads.set(gameId, version);
    try {
      writeSync(this.fd, line(gameId, version));
      // Bounded: past a few lines per game (and a floor, so small tables are not rewritten often) it is rewritten.
      if (++this.lines > this.bound) {
        // The new file first: if the rewrite fails, the old one stays open and in use.
        const next = this.rewrite();
        closeSync(this.fd);
        this.fd = next;
        this.lines = this.heads.size;
      }
    } catch (e) {
      this.log.error({ err: e, path: this.path }, 'could not record an acknowledged head: a lost tail of this game may go unnoticed');
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  /**
   * Writes one line per game to a new file, swaps it in (a rename: whole or not at all), and
   * returns it open for appending. A kill before the rename leaves the old file and a stray
   * `.next` (the next rewrite truncates it); after, the new file.
   */
  private rewrite(): number {
    const next = `${this.path}.next`;
    const fd = openSync(next, 'w', 0o600);
    try {
      writeSync(fd, [...this.heads].map(([g, v]) => line(g, v)).join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(next, this.path);
    syncFolder(dirname(this.path));
    this.compactions++;
    return openSync(this.path, 'a', 0o600);
  }
}

/** Makes a rename in `folder` durable (a power cut after it keeps it); where a folder cannot be synced (Windows), nothing. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // not supported here: the rename is still atomic, only its durability waits for the system
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `store`, noting each acknowledged append in `journal` before its caller hears of it. */
export function journalHeads<S extends EventStore>(store: S, journal: HeadJournal): S {
  const append = store.append.bind(store);
  return Object.assign(Object.create(store) as S, {
    async append(...args: Parameters<EventStore['append']>) {
      const result = await append(...args);
      journal.record(args[0], result.version);
      return result;
    },
  });
}

/**
 * Games whose stored versions stop below their acknowledged head: the versions missing, as
 * `from`–`to`. `stored` is each game's highest stored version (a game with none is absent).
 */
export function lostTails(heads: Map<string, number>, stored: Map<string, { max: number }>): Map<string, { from: number; to: number }> {
  const lost = new Map<string, { from: number; to: number }>();
  for (const [gameId, head] of heads) {
    const max = stored.get(gameId)?.max ?? 0;
    if (max < head) lost.set(gameId, { from: max + 1, to: head });
  }
  return lost;
}

/** How a lost tail is named, at start and in verify-store. */
export const lostTailText = ({ from, to }: { from: number; to: number }) =>
  `version${from === to ? ` ${from}` : `s ${from}–${to}`} acknowledged but missing (the data files lost their tail)`;
