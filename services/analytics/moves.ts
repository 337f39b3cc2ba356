/**
 * The export's moves table: one row per commit of a finished game — who acted, the command
 * as it was decided (a player's move as submitted, a bot's or a timeout's as the server played
 * it; creation and joins without their secrets; null for a commit of the app's events only, such
 * as a resignation), and the time since the previous commit.
 */
import type { ExportCommit } from './record.js';

export interface MoveRow {
  gameId: string;
  version: number;
  seat: number | null;
  at: string;
  /** Milliseconds since the previous commit (null for the first). */
  sincePreviousMs: number | null;
  /** create, join, move, or null for a commit of app events only. */
  kind: string | null;
  /** Who played a move: the seat's holder (or the server's formality for it), its bot, or the bot a timeout called in. */
  by: 'seat' | 'bot' | 'timeout' | null;
  command: unknown;
}

type Event = { type: string; seat?: number; bots?: { seat: number }[]; action?: string };

export function moveRows(gameId: string, commits: readonly ExportCommit[]): MoveRow[] {
  const bots = new Set<number>();
  let previous: number | null = null;
  // A game's commits share a few time stamps (the lab writes many in one millisecond): each parsed once.
  let atText = '';
  let atMs = NaN;
  return commits.map((c) => {
    const events = c.events as Event[];
    const timedOut = events.some((e) => e.type === 'TimedOut');
    const command = (c.command ?? null) as { type?: string } | null;
    if (c.at !== atText) (atText = c.at), (atMs = Date.parse(c.at));
    const at = atMs;
    const row: MoveRow = {
      gameId,
      version: c.version,
      seat: c.seat ?? null,
      at: c.at,
      sincePreviousMs: previous === null ? null : at - previous,
      kind: command?.type ?? null,
      by: command?.type !== 'move' ? null : timedOut ? 'timeout' : bots.has(c.seat!) ? 'bot' : 'seat',
      command,
    };
    previous = at;
    // Seats a bot plays from now on: declared at creation, or handed over by resigning or forfeiting.
    for (const e of events) {
      if (e.type === 'GameSettings') for (const b of e.bots ?? []) bots.add(b.seat);
      if (e.type === 'SeatResigned' || (e.type === 'TimedOut' && e.action === 'FORFEIT')) bots.add(e.seat!);
    }
    return row;
  });
}

/**
 * The rows as moves.ndjson's lines: the very text of `JSON.stringify(row)` per row, written field
 * by field (the lab writes one per move; building and serialising an object each cost more).
 * test/analytics/export.test.ts checks it against JSON.stringify.
 */
/** JSON's text of a number or null (a time that did not parse gives NaN, which JSON writes as null). */
const since = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? 'null' : String(ms));

export function moveLines(rows: readonly MoveRow[]): string {
  let out = '';
  let id = '';
  let idJson = '';
  let at = '';
  let atJson = '';
  for (const r of rows) {
    if (r.gameId !== id) (id = r.gameId), (idJson = JSON.stringify(id));
    if (r.at !== at) (at = r.at), (atJson = JSON.stringify(at));
    const kind = r.kind === null ? 'null' : JSON.stringify(r.kind);
    const by = r.by === null ? 'null' : `"${r.by}"`;
    const command = r.command === undefined ? '' : `,"command":${JSON.stringify(r.command)}`;
    out += `{"gameId":${idJson},"version":${r.version},"seat":${r.seat},"at":${atJson},"sincePreviousMs":${since(r.sincePreviousMs)},"kind":${kind},"by":${by}${command}}\n`;
  }
  return out;
}
