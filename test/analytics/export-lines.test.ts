/**
 * The export's lines are written by hand for speed (services/analytics/ndjson.ts `gameLines` and
 * `gameLine`, moves.ts `moveLines`): they must be, byte for byte, the JSON.stringify of the rows they stand for,
 * or a reader of the NDJSON (and the Parquet made from it) would see another table.
 */
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { gameLine, gameLines, moveCount } from '../../services/analytics/ndjson.js';
import { moveRows } from '../../services/analytics/moves.js';
import { exportedEvent, gameFacts } from '../../services/analytics/record.js';
import { botFor } from '../../services/bots/kinds.js';
import { games } from '../../services/engine/registry.js';
import type { Commit } from '../../services/store/port.js';

/** The lines as plain JSON.stringify writes them. */
function plainLines(id: string, commits: readonly Commit[]) {
  const events = commits.flatMap((c) => (c.events as { type: string }[]).map((event, index) => JSON.stringify({ gameId: id, version: c.version, index, seat: c.seat ?? null, at: c.at, type: event.type, event: exportedEvent(event as never) })));
  return { events: events.map((l) => `${l}\n`).join(''), moves: moveRows(id, commits).map((r) => `${JSON.stringify(r)}\n`).join('') };
}

describe("the export's hand-written lines are JSON.stringify's", () => {
  it.each(games.map((g) => [g.id, g] as const))('%s', (_, game) => {
    const clock = ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.007Z', 'not a time', '2026-01-01T00:00:01.000Z'];
    let tick = 0;
    const seats = game.seats.min;
    const commits = botGame(game, { seats, seed: `lines-${game.id}`, botSeed: 3, bot: botFor(game.id, 'greedy'), now: () => clock[tick++ % clock.length]!, maxMoves: 300 });
    const facts = gameFacts(`g "${game.id}"`, commits, { moveCap: true })!;
    const lines = gameLines(facts, commits);
    const plain = plainLines(facts.id, commits);
    expect(lines.events).toBe(plain.events);
    expect(lines.moves).toBe(plain.moves);
    expect(lines.eventCount).toBe(commits.reduce((n, c) => n + c.events.length, 0));
    expect(lines.moves).toContain('"sincePreviousMs":null'); // the time that did not parse
    // The games line (gameLine: the facts' JSON with `moves` appended, not a copy of them), of a real game and of a lab game.
    const moves = moveCount(commits);
    expect(lines.game).toBe(`${JSON.stringify({ ...facts, moves })}\n`);
    const all = [...Array(seats).keys()];
    const lab = { ...facts, bots: Array(seats).fill('greedy') };
    expect(gameLine(lab, moves)).toBe(`${JSON.stringify({ ...lab, botSeats: all, moves })}\n`);
    expect(gameLine({ ...lab, botSeats: all }, moves)).toBe(`${JSON.stringify({ ...lab, botSeats: all, moves })}\n`);
  });
});
