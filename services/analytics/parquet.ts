/**
 * The export's Parquet copies, made by DuckDB from the NDJSON files (streamed: DuckDB reads and
 * writes in row groups under a memory limit, whatever the files' size). Columns are typed
 * explicitly so an empty export and a full one have the same schema.
 */
import { join } from 'node:path';
import { EVENTS_FILE, GAMES_FILE, MOVES_FILE } from './ndjson.js';
import { TRAJECTORIES_FILE } from './trajectories.js';

export const GAMES_COLUMNS = {
  id: 'VARCHAR',
  type: 'VARCHAR',
  seats: 'INTEGER',
  options: 'JSON',
  seedHash: 'VARCHAR',
  seed: 'VARCHAR',
  seedFixed: 'BOOLEAN',
  createdAt: 'TIMESTAMPTZ',
  endedAt: 'TIMESTAMPTZ',
  endReason: 'VARCHAR',
  players: 'STRUCT(seat INTEGER, name VARCHAR, entropy VARCHAR, playerId VARCHAR, bot STRUCT(kind VARCHAR, level INTEGER))[]',
  resigned: 'INTEGER[]',
  forfeited: 'INTEGER[]',
  timedOut: 'INTEGER[]',
  /** Seats a bot held at some point (services/analytics/seats.ts): a game without any is "all human". */
  botSeats: 'INTEGER[]',
  result: 'STRUCT(scores DOUBLE[], winners INTEGER[])',
  /** Each round's start seat as the rules define it; startSeats[1] (SQL counts from 1) is the first player. */
  startSeats: 'INTEGER[]',
  commits: 'INTEGER',
  events: 'INTEGER',
  moves: 'INTEGER',
  /** The bot spec of each seat, for games the lab played (`npm run simulate --bots`). */
  bots: 'VARCHAR[]',
  /** A lab game's SHA-256 of its moves as plays.ndjson lists them (services/analytics/plays.ts): a replay must give it again. */
  playsHash: 'VARCHAR',
};

export const EVENTS_COLUMNS = {
  gameId: 'VARCHAR',
  version: 'INTEGER',
  index: 'INTEGER',
  seat: 'INTEGER',
  at: 'TIMESTAMPTZ',
  type: 'VARCHAR',
  event: 'JSON',
};

export const MOVES_COLUMNS = {
  gameId: 'VARCHAR',
  version: 'INTEGER',
  seat: 'INTEGER',
  at: 'TIMESTAMPTZ',
  sincePreviousMs: 'BIGINT',
  kind: 'VARCHAR',
  by: 'VARCHAR',
  command: 'JSON',
};

export const TRAJECTORIES_COLUMNS = {
  gameId: 'VARCHAR',
  type: 'VARCHAR',
  seats: 'INTEGER',
  version: 'INTEGER',
  seat: 'INTEGER',
  by: 'VARCHAR',
  view: 'JSON',
  legalMoves: 'JSON',
  move: 'JSON',
  moveIndex: 'INTEGER',
};

/** A `read_json` of one NDJSON file (or several, read as one) with the given columns, as SQL. */
export function readNdjson(path: string | readonly string[], columns: Record<string, string>): string {
  const cols = Object.entries(columns)
    .map(([name, type]) => `"${name}": '${type}'`)
    .join(', ');
  const quoted = (p: string) => `'${p.replaceAll("'", "''")}'`;
  return `read_json(${typeof path === 'string' ? quoted(path) : `[${path.map(quoted).join(', ')}]`}, format = 'newline_delimited', columns = {${cols}})`;
}

/**
 * Opens an in-memory DuckDB with bounded memory and the given thread count. DuckDB is imported here,
 * at the first use: loading it costs ~0.45 s of CPU in every thread that imports this module, and most
 * do not query (the simulator's worker threads, a run that writes NDJSON only, the server).
 */
export async function duckdb(threads = 2) {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '512MB', threads: String(threads) });
  return instance.connect();
}

/** The NDJSON files of an export directory and their Parquet names. */
export function tableFiles(o: { trajectories?: boolean } = {}): { ndjson: string; parquet: string; columns: Record<string, string> }[] {
  const files: [string, Record<string, string>][] = [
    [GAMES_FILE, GAMES_COLUMNS],
    [EVENTS_FILE, EVENTS_COLUMNS],
    [MOVES_FILE, MOVES_COLUMNS],
  ];
  if (o.trajectories) files.push([TRAJECTORIES_FILE, TRAJECTORIES_COLUMNS]);
  return files.map(([ndjson, columns]) => ({ ndjson, parquet: ndjson.replace('.ndjson', '.parquet'), columns }));
}

/** Writes games.parquet, events.parquet and moves.parquet (and trajectories.parquet if asked) beside the NDJSON files of `dir`. */
export async function writeParquet(dir: string, o: { trajectories?: boolean } = {}): Promise<void> {
  const db = await duckdb();
  try {
    for (const { ndjson: file, columns } of tableFiles(o)) {
      const target = join(dir, file.replace('.ndjson', '.parquet')).replaceAll("'", "''");
      await db.run(`COPY (SELECT * FROM ${readNdjson(join(dir, file), columns)}) TO '${target}' (FORMAT parquet, COMPRESSION zstd)`);
    }
  } finally {
    db.closeSync();
  }
}
