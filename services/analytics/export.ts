/**
 * `npm run export`: every finished game in the table, as games.ndjson + events.ndjson and the
 * same two tables as Parquet. The table is read page by page through the store's CommitScan;
 * a game's commits are held only until the game is complete (memory bounded by one page and one
 * game), and after every page a checkpoint records where the last complete game ended and how
 * many bytes each file had, so an interrupted export resumes there. A game that has not ended is
 * never written: its hidden facts are still secret.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Commit, CommitScan } from '../store/port.js';
import { ExportSink, EVENTS_FILE, GAMES_FILE, MOVES_FILE, type SinkPosition } from './ndjson.js';
import { writeParquet } from './parquet.js';
import { gameFacts } from './record.js';
import { TRAJECTORIES_FILE } from './trajectories.js';

export const STATE_FILE = '.export-state.json';

export interface ExportOptions {
  out: string;
  /** Only games of this type. */
  game?: string;
  /** Only games that ended at or after this ISO time. */
  since?: string;
  /** Table items per page. */
  pageSize?: number;
  /** Also write games.parquet and events.parquet (default true). */
  parquet?: boolean;
  /** Also write trajectories.ndjson (one line per decision: view, legal moves, move). */
  trajectories?: boolean;
  /** Stop (as if interrupted) after this many pages: for tests of resuming. */
  maxPages?: number;
  onProgress?: (p: ExportProgress) => void;
}

export interface ExportProgress {
  /** Table items read so far in this run. */
  scanned: number;
  /** About how many items the table holds, or null. */
  total: number | null;
  games: number;
  events: number;
}

export interface ExportSummary {
  games: number;
  events: number;
  scanned: number;
  resumed: boolean;
  complete: boolean;
  files: string[];
  seconds: number;
}

interface ExportState {
  filters: { game: string | null; since: string | null };
  /** Where the next run starts reading: right after the last complete game. */
  position: string | null;
  sink: SinkPosition;
  done: boolean;
}

export async function exportGames(source: CommitScan, options: ExportOptions): Promise<ExportSummary> {
  const started = performance.now();
  const since = options.since === undefined ? null : new Date(options.since);
  if (since && Number.isNaN(since.getTime())) throw new Error(`--since ${options.since} is not an ISO date`);
  // A resumed export continues only the same export: the same games and the same files.
  const filters = { game: options.game ?? null, since: since?.toISOString() ?? null, trajectories: options.trajectories ?? false };
  await mkdir(options.out, { recursive: true });

  const previous = await readState(options.out);
  const resumed = previous !== null && !previous.done && JSON.stringify(previous.filters) === JSON.stringify(filters);
  const sink = await ExportSink.open(options.out, resumed ? previous.sink : undefined, { trajectories: options.trajectories });
  let resumeFrom = resumed ? previous.position : null;
  let position = resumeFrom;
  const total = await source.approximateItems();
  let scanned = 0;
  let pending: { gameId: string; commits: Commit[] } | null = null;

  const finish = async (game: { gameId: string; commits: Commit[] }) => {
    const facts = gameFacts(game.gameId, game.commits);
    if (!facts) return; // still running (or not a whole game): never exported
    if (filters.game !== null && facts.type !== filters.game) return;
    if (since && new Date(facts.endedAt) < since) return;
    await sink.add(facts, game.commits);
  };

  const summary = (written: SinkPosition, complete: boolean): ExportSummary => ({
    games: written.games,
    events: written.events,
    scanned,
    resumed,
    complete,
    files: [GAMES_FILE, EVENTS_FILE, MOVES_FILE, ...(options.trajectories ? [TRAJECTORIES_FILE] : []), ...(complete && (options.parquet ?? true) ? ['games.parquet', 'events.parquet', 'moves.parquet', ...(options.trajectories ? ['trajectories.parquet'] : [])] : [])].map((f) => join(options.out, f)),
    seconds: (performance.now() - started) / 1000,
  });

  for (let pages = 0; ; pages++) {
    if (options.maxPages !== undefined && pages >= options.maxPages) return summary(await sink.close(), false);
    const page = await source.scanCommits(position, options.pageSize ?? 500);
    scanned += page.scanned;
    for (const { gameId, commit } of page.commits) {
      if (pending && pending.gameId !== gameId) {
        await finish(pending);
        resumeFrom = source.positionAfter(pending.gameId, pending.commits.at(-1)!.version);
        pending = null;
      }
      (pending ??= { gameId, commits: [] }).commits.push(commit);
    }
    if (page.next === null) break;
    position = page.next;
    // The game still open at the page's end is read again by a resumed run.
    const written = await sink.position();
    await saveState(options.out, { filters, position: resumeFrom, sink: written, done: false });
    options.onProgress?.({ scanned, total, games: written.games, events: written.events });
  }
  if (pending) await finish(pending);
  const written = await sink.close();
  options.onProgress?.({ scanned, total: Math.max(total ?? 0, scanned), games: written.games, events: written.events });
  if (options.parquet ?? true) await writeParquet(options.out, { trajectories: options.trajectories });
  await saveState(options.out, { filters, position: null, sink: written, done: true });
  return summary(written, true);
}

async function readState(dir: string): Promise<ExportState | null> {
  try {
    return JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as ExportState;
  } catch {
    return null;
  }
}

/** Written beside, then renamed over: a crash mid-write leaves the previous checkpoint whole. */
async function saveState(dir: string, state: ExportState): Promise<void> {
  const file = join(dir, STATE_FILE);
  await writeFile(`${file}.tmp`, JSON.stringify(state));
  await rename(`${file}.tmp`, file);
}
