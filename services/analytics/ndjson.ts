/**
 * The export format's NDJSON files (games, events, moves), appended to in bounded memory: lines are buffered up to
 * a chunk and then written, and the byte length written so far is exact, so a resumed export
 * can cut a file back to its last checkpoint.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { exportedEvent, type ExportCommit, type GameFacts } from './record.js';

export type { ExportCommit } from './record.js';
import type { TableEvent } from '../engine/core/index.js';
import { isAppEvent } from '../app/app-events.js';
import { moveLines, moveRows } from './moves.js';
import { TRAJECTORIES_FILE, trajectoryLines } from './trajectories.js';

const CHUNK = 1 << 20;

export const GAMES_FILE = 'games.ndjson';
export const EVENTS_FILE = 'events.ndjson';
export const MOVES_FILE = 'moves.ndjson';
/** The compact run's moves (services/analytics/plays.ts). */
export const PLAYS_FILE = 'plays.ndjson';

export class NdjsonWriter {
  /** Lines as text, or already encoded (a worker thread's batch, services/analytics/simulate-worker.ts). */
  private pending: (string | Uint8Array)[] = [];
  private pendingBytes = 0;

  private constructor(
    private readonly handle: FileHandle,
    /** Bytes in the file once everything pending is written. */
    public bytes: number,
  ) {}

  /**
   * Opens `path` for appending after its first `keep` bytes (0: a new, empty file). A file shorter
   * than `keep` is refused: truncating it to `keep` would fill the missing part with NUL bytes.
   */
  static async open(path: string, keep = 0): Promise<NdjsonWriter> {
    const handle = await open(path, keep > 0 ? 'r+' : 'w');
    const size = keep > 0 ? (await handle.stat()).size : 0;
    if (size < keep) {
      await handle.close();
      throw new Error(`${path} holds ${size} bytes where its checkpoint counted ${keep}: the file was cut or lost writes, so it cannot be resumed`);
    }
    await handle.truncate(keep);
    return new NdjsonWriter(handle, keep);
  }

  /** Appends text made of whole lines. */
  async writeText(lines: string): Promise<void> {
    const size = Buffer.byteLength(lines);
    this.pending.push(lines);
    this.pendingBytes += size;
    this.bytes += size;
    if (this.pendingBytes >= CHUNK) await this.flush();
  }

  /** Appends UTF-8 bytes made of whole lines. */
  async writeBytes(lines: Uint8Array): Promise<void> {
    this.pending.push(lines);
    this.pendingBytes += lines.length;
    this.bytes += lines.length;
    if (this.pendingBytes >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = encoded(this.pending);
    const at = this.bytes - this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    // At an explicit offset: a file reopened to resume is written after its kept bytes. A write
    // may take fewer bytes than asked (a file size limit, a full disk): the rest is written again,
    // which then fails with the cause, rather than counted as written (a checkpoint past the
    // file's end, then NUL bytes where a resume truncated it up to that count).
    for (let done = 0; done < chunk.length; ) done += (await this.handle.write(chunk, done, chunk.length - done, at + done)).bytesWritten;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }
}

/** Pending lines as one buffer: runs of text joined and encoded once, bytes as they are. */
function encoded(pending: readonly (string | Uint8Array)[]): Uint8Array {
  if (pending.length === 1 && typeof pending[0] !== 'string') return pending[0]!;
  const parts: Uint8Array[] = [];
  let text: string[] = [];
  for (const p of pending) {
    if (typeof p === 'string') {
      text.push(p);
      continue;
    }
    if (text.length) parts.push(Buffer.from(text.join(''), 'utf8')), (text = []);
    parts.push(p);
  }
  if (text.length) parts.push(Buffer.from(text.join(''), 'utf8'));
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** A finished game as the export's lines: one for games.ndjson, one per event for events.ndjson. */
export interface GameLines {
  game: string;
  events: string;
  eventCount: number;
  /** The game's rows of moves.ndjson (one per commit). */
  moves: string;
  /** Its lines of trajectories.ndjson (one per decision), when asked for. */
  trajectories?: string;
  /** Its line of plays.ndjson (services/analytics/plays.ts), in a compact run: then `events` and `moves` are empty. */
  plays?: string;
}

/** A game's moves: a seat's commits the table decided (a resignation or a message is a seat's commit of the app's events only). */
export function moveCount(commits: readonly ExportCommit[]): number {
  // Loops rather than filter and some: the lab counts every game's moves.
  let n = 0;
  for (const c of commits) {
    if (c.seat === undefined || c.seat === null) continue;
    for (const e of c.events as TableEvent[]) {
      if (!isAppEvent(e)) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** An event type's JSON, made once per type (a handful per game, met on every line). */
const typeJsons = new Map<string, string>();
const typeJson = (type: string) => {
  let json = typeJsons.get(type);
  if (json === undefined) typeJsons.set(type, (json = JSON.stringify(type)));
  return json;
};

/** The game's line of games.ndjson: `JSON.stringify({ ...facts, botSeats, moves })`. */
export function gameLine(facts: GameFacts, moves: number): string {
  // A simulation's seats are all bots' (its line-up is in `bots`): no statistic may count one as a person's.
  const simulated = Array.isArray((facts as { bots?: unknown }).bots);
  if ('moves' in facts || (simulated && !allSeats(facts.botSeats, facts.seats))) {
    const botSeats = simulated ? [...Array(facts.seats).keys()] : facts.botSeats;
    return `${JSON.stringify({ ...facts, botSeats, moves })}\n`;
  }
  // The same text without copying the facts: `moves` is the last key either way.
  return `${JSON.stringify(facts).slice(0, -1)},"moves":${moves}}\n`;
}

/** Whether `seats` lists every seat, 0 to count − 1, in order. */
function allSeats(seats: readonly number[], count: number): boolean {
  if (seats.length !== count) return false;
  for (let i = 0; i < count; i++) if (seats[i] !== i) return false;
  return true;
}

export function gameLines(facts: GameFacts, commits: readonly ExportCommit[], o: { trajectories?: boolean } = {}): GameLines {
  const moves = moveCount(commits);
  let events = '';
  let eventCount = 0;
  const id = JSON.stringify(facts.id);
  let at = '';
  let atJson = '';
  for (const c of commits) {
    // The same line as JSON.stringify({ gameId, version, index, seat, at, type, event }), with the commit's part written once
    // (and its time's JSON once per time: the lab stamps many commits alike).
    if (c.at !== at) (at = c.at), (atJson = JSON.stringify(at));
    const head = `{"gameId":${id},"version":${c.version},"index":`;
    const tail = `,"seat":${c.seat ?? null},"at":${atJson},"type":`;
    const list = c.events as TableEvent[];
    for (let index = 0; index < list.length; index++) {
      const event = list[index]!;
      events += `${head}${index}${tail}${typeJson(event.type)},"event":${JSON.stringify(exportedEvent(event))}}\n`;
    }
    eventCount += list.length;
  }
  const moveTable = moveRows(facts.id, commits);
  const lines: GameLines = { game: gameLine(facts, moves), events, eventCount, moves: moveLines(moveTable) };
  if (o.trajectories) {
    const by = new Map(moveTable.map((r) => [r.version, r.by]));
    lines.trajectories = trajectoryLines(facts.id, facts.type, commits, (v) => by.get(v) ?? null).map((l) => `${JSON.stringify(l)}\n`).join('');
  }
  return lines;
}

/** Games' lines encoded as UTF-8, one buffer per table (absent: the table has no line), with their counts. */
export interface EncodedBatch {
  games: Uint8Array;
  events?: Uint8Array;
  moves?: Uint8Array;
  trajectories?: Uint8Array;
  plays?: Uint8Array;
  gameCount: number;
  eventCount: number;
}

/**
 * One table's lines of a batch, encoded to UTF-8 as each game's are added, into a buffer that
 * grows by doubling. Kept as text until the batch's end, a batch of long games (Sea Salt & Paper
 * at 4 seats: 14 MB of plays a second) stayed on the thread's heap: every scavenge copied it and
 * promoted it, and the old space it filled was marked and compacted in bursts of up to 0.4 s,
 * which made single windows of the whole-run bench read 2× (docs/analytics.md). Bytes outside
 * the heap are neither copied nor marked.
 */
class Utf8Appender {
  private buf: Buffer;
  private used = 0;

  /** `spare`: buffers the writer gave back, taken (one, when the first line comes) before any is allocated. */
  constructor(private readonly spare: ArrayBuffer[] = []) {
    this.buf = Buffer.from(new ArrayBuffer(0));
  }

  append(text: string): void {
    if (this.buf.length === 0 && this.spare.length) this.buf = Buffer.from(this.spare.pop()!);
    // Its UTF-8 length first: a text of ASCII alone (every lab line but for a name or an option of one's own) is then
    // written as Latin-1, a copy, where TextEncoder's UTF-8 read it character by character (~2% of a 2-seat SCOUT game).
    const bytes = Buffer.byteLength(text);
    if (this.buf.length - this.used < bytes) {
      let size = Math.max(1 << 16, this.buf.length * 2);
      while (size - this.used < bytes) size *= 2;
      // A buffer of its own (never the pool's slab): it is transferred whole.
      const grown = Buffer.from(new ArrayBuffer(size));
      this.buf.copy(grown, 0, 0, this.used);
      this.buf = grown;
    }
    this.used += this.buf.write(text, this.used, bytes === text.length ? 'latin1' : 'utf8');
  }

  get empty(): boolean {
    return this.used === 0;
  }

  /** The bytes written (a view: its buffer, of its own, is handed over whole and this appender is not used again). */
  bytes(): Uint8Array {
    return new Uint8Array(this.buf.buffer, 0, this.used);
  }
}

/**
 * Gathers games' lines into an `EncodedBatch`: a worker thread sends one per batch, its buffers
 * transferred rather than copied (a batch of line objects was cloned field by field, and each line
 * measured and encoded again by the writer). The writer hands the buffers back once written
 * (`batchBuffers`), and the next batches fill them again (`spare`): a batch in fresh buffers paid
 * for their growth by doubling, the kernel's zeroed pages and the collector's external-memory
 * accounting, every second, on the simulator's thread (docs/analytics.md, fifth pass).
 */
export class LinesBatch {
  private readonly files: Record<'games' | 'events' | 'moves' | 'trajectories' | 'plays', Utf8Appender>;

  constructor(spare: ArrayBuffer[] = []) {
    this.files = { games: new Utf8Appender(spare), events: new Utf8Appender(spare), moves: new Utf8Appender(spare), trajectories: new Utf8Appender(spare), plays: new Utf8Appender(spare) };
  }
  gameCount = 0;
  eventCount = 0;
  /** Characters gathered (a bound on the batch's size). */
  chars = 0;

  add(lines: GameLines): void {
    const f = this.files;
    f.games.append(lines.game);
    if (lines.events) f.events.append(lines.events);
    if (lines.moves) f.moves.append(lines.moves);
    if (lines.trajectories) f.trajectories.append(lines.trajectories);
    if (lines.plays) f.plays.append(lines.plays);
    this.chars += lines.game.length + lines.events.length + lines.moves.length + (lines.trajectories?.length ?? 0) + (lines.plays?.length ?? 0);
    this.gameCount++;
    this.eventCount += lines.eventCount;
  }

  /** The batch, and the buffers to transfer with it (each a view on a buffer of its own, so only what was written is read). */
  encode(): { batch: EncodedBatch; transfer: ArrayBuffer[] } {
    const transfer: ArrayBuffer[] = [];
    const bytes = (a: Utf8Appender) => {
      const b = a.bytes();
      transfer.push(b.buffer as ArrayBuffer);
      return b;
    };
    const f = this.files;
    const batch: EncodedBatch = { games: bytes(f.games), gameCount: this.gameCount, eventCount: this.eventCount };
    if (!f.events.empty) batch.events = bytes(f.events);
    if (!f.moves.empty) batch.moves = bytes(f.moves);
    if (!f.trajectories.empty) batch.trajectories = bytes(f.trajectories);
    if (!f.plays.empty) batch.plays = bytes(f.plays);
    return { batch, transfer };
  }
}

/** The buffers of a batch (each view's own), to hand back to the thread that filled them once the batch is written. */
export function batchBuffers(b: EncodedBatch): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const v of [b.games, b.events, b.moves, b.trajectories, b.plays]) if (v) out.push(v.buffer as ArrayBuffer);
  return out;
}

export interface SinkPosition {
  gamesBytes: number;
  eventsBytes: number;
  /** Absent in a checkpoint written before the moves table existed. */
  movesBytes?: number;
  /** Present when the export writes trajectories. */
  trajectoriesBytes?: number;
  /** Present in a compact run (plays.ndjson instead of events and moves). */
  playsBytes?: number;
  games: number;
  events: number;
}

export const EMPTY_POSITION: SinkPosition = { gamesBytes: 0, eventsBytes: 0, movesBytes: 0, games: 0, events: 0 };

/**
 * The NDJSON tables of one export directory: games, events and moves (and trajectories when asked),
 * or in a compact run games and plays (services/analytics/plays.ts) only.
 */
export class ExportSink {
  private constructor(
    private readonly gamesFile: NdjsonWriter,
    private readonly eventsFile: NdjsonWriter | null,
    private readonly movesFile: NdjsonWriter | null,
    private readonly trajectoriesFile: NdjsonWriter | null,
    private readonly playsFile: NdjsonWriter | null,
    private counts: { games: number; events: number },
  ) {}

  static async open(dir: string, from: SinkPosition = EMPTY_POSITION, o: { trajectories?: boolean; compact?: boolean } = {}): Promise<ExportSink> {
    const games = await NdjsonWriter.open(join(dir, GAMES_FILE), from.gamesBytes);
    const events = o.compact ? null : await NdjsonWriter.open(join(dir, EVENTS_FILE), from.eventsBytes);
    const moves = o.compact ? null : await NdjsonWriter.open(join(dir, MOVES_FILE), from.movesBytes ?? 0);
    const trajectories = o.trajectories ? await NdjsonWriter.open(join(dir, TRAJECTORIES_FILE), from.trajectoriesBytes ?? 0) : null;
    const plays = o.compact ? await NdjsonWriter.open(join(dir, PLAYS_FILE), from.playsBytes ?? 0) : null;
    return new ExportSink(games, events, moves, trajectories, plays, { games: from.games, events: from.events });
  }

  /** Whether trajectories.ndjson is written (lines made elsewhere must then carry theirs). */
  get trajectories(): boolean {
    return this.trajectoriesFile !== null;
  }

  /** Writes a finished game: its line in games.ndjson, a line per event in events.ndjson. */
  async add(facts: GameFacts, commits: readonly ExportCommit[]): Promise<void> {
    await this.addLines(gameLines(facts, commits, { trajectories: this.trajectories }));
  }

  /** Writes a game already formatted by `gameLines` (e.g. in a worker thread). */
  async addLines(lines: GameLines): Promise<void> {
    await this.gamesFile.writeText(lines.game);
    await this.eventsFile?.writeText(lines.events);
    await this.movesFile?.writeText(lines.moves);
    await this.trajectoriesFile?.writeText(lines.trajectories ?? '');
    await this.playsFile?.writeText(lines.plays ?? '');
    this.counts.games++;
    this.counts.events += lines.eventCount;
  }

  /**
   * Writes a batch of games a worker thread encoded (`LinesBatch`): each table's lines as one
   * buffer, so the writer neither copies nor measures them game by game.
   */
  async addBatch(batch: EncodedBatch): Promise<void> {
    await this.gamesFile.writeBytes(batch.games);
    if (batch.events) await this.eventsFile?.writeBytes(batch.events);
    if (batch.moves) await this.movesFile?.writeBytes(batch.moves);
    if (batch.trajectories) await this.trajectoriesFile?.writeBytes(batch.trajectories);
    if (batch.plays) await this.playsFile?.writeBytes(batch.plays);
    this.counts.games += batch.gameCount;
    this.counts.events += batch.eventCount;
  }

  /** Everything written so far, flushed: a checkpoint a resumed export can start from. */
  async position(): Promise<SinkPosition> {
    await this.gamesFile.flush();
    await this.eventsFile?.flush();
    await this.movesFile?.flush();
    await this.trajectoriesFile?.flush();
    await this.playsFile?.flush();
    const trajectories = this.trajectoriesFile ? { trajectoriesBytes: this.trajectoriesFile.bytes } : {};
    const plays = this.playsFile ? { playsBytes: this.playsFile.bytes } : {};
    return { gamesBytes: this.gamesFile.bytes, eventsBytes: this.eventsFile?.bytes ?? 0, movesBytes: this.movesFile?.bytes ?? 0, ...trajectories, ...plays, ...this.counts };
  }

  async close(): Promise<SinkPosition> {
    const position = await this.position();
    await this.gamesFile.close();
    await this.eventsFile?.close();
    await this.movesFile?.close();
    await this.trajectoriesFile?.close();
    await this.playsFile?.close();
    return position;
  }
}
