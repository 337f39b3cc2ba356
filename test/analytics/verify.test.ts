/**
 * Verifiable records: every finished game's public record replays through the engine to the
 * same spectator events and result; any tampering is caught at the version it touches.
 */
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { gameRecord, type GameRecord } from '../../services/analytics/record.js';
import { verifyRecord } from '../../services/analytics/verify.js';
import { ParlorService } from '../../services/app/service.js';
import { sha256Hex, table } from '../../services/engine/core/index.js';
import { findGame } from '../../services/engine/registry.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { playThroughService } from '../kit/service-play.js';

const db = useEmbeddedDynamo();
const service = () => new ParlorService({ store: db.store, snapshotEvery: 8 });

/** A finished game played through the service: its record as the server builds it. */
async function serviceRecord(game: string, seats: number, botSeed = 1): Promise<GameRecord> {
  const s = service();
  const agg = await playThroughService(s, { game, seats, botSeed });
  const { commits } = await s.finishedHistory(agg.id);
  return gameRecord(agg.id, commits, agg.table)!;
}

/** A finished game played by bots through the same table decider, in memory (fast, for the longer games). */
function botRecord(game: string, seats: number, botSeed = 1): GameRecord {
  const g = findGame(game)!;
  return gameRecord(`bot-${game}`, botGame(g, { seats, seed: `seed-${botSeed}`, botSeed }), table(g))!;
}

const copy = (r: GameRecord): GameRecord => structuredClone(r);

/** The first commit at or after `from` holding a move and an event of its own beyond GameEnded. */
function moveCommit(r: GameRecord, from = 0) {
  return r.commits.find((c, i) => i >= from && c.command?.type === 'move')!;
}

describe('verify', () => {
  const records = new Map<string, GameRecord>();
  const cases = [
    ['scout', 3],
    ['sea-salt-and-paper', 2],
    ['seledyne', 4],
    ['silver', 2],
  ] as const;

  it('an honest record of a game played through the service (commands stored with each commit) verifies', async () => {
    const record = await serviceRecord('scout', 3);
    expect(record.commits.every((c) => c.command !== null)).toBe(true);
    expect(verifyRecord(record)).toEqual({ ok: true, versions: record.commits.length });
  });

  it.each(cases)('an honest %s record (%i seats) verifies', (game, seats) => {
    const record = botRecord(game, seats);
    records.set(game, record);
    expect(record.commits.every((c) => c.command !== null)).toBe(true);
    expect(verifyRecord(record)).toEqual({ ok: true, versions: record.commits.length });
    // It survives the JSON a file or an API answer puts it through.
    expect(verifyRecord(JSON.parse(JSON.stringify(record)))).toMatchObject({ ok: true });
  });

  it('a record whose spectator event was edited fails at that version', () => {
    const r = copy(records.get('scout')!);
    const target = moveCommit(r, 10);
    (target.events[0] as unknown as Record<string, unknown>).edited = true;
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: target.version });
  });

  it('a record whose command was changed fails at that version', () => {
    const r = copy(records.get('seledyne')!);
    // Swap the move of one commit for another seat's later move of the same seat's kind:
    // either the engine refuses it or it produces other events.
    const moves = r.commits.filter((c) => c.command?.type === 'move');
    const target = moves[5]!;
    const other = moves.find((c, i) => i > 5 && c.seat === target.seat && JSON.stringify(c.command) !== JSON.stringify(target.command))!;
    target.command = other.command;
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: target.version });
  });

  it('a record with another seed fails at version 1, whether or not its seedHash is changed too', () => {
    const r = copy(records.get('silver')!);
    r.seed = 'f'.repeat(64);
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: 1 });
    r.seedHash = sha256Hex(r.seed);
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: 1 });
  });

  it('a record with two commits swapped fails at the first of them', () => {
    const r = copy(records.get('sea-salt-and-paper')!);
    const i = r.commits.indexOf(moveCommit(r, 6));
    [r.commits[i], r.commits[i + 1]] = [r.commits[i + 1]!, r.commits[i]!];
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: i + 1 });
    // Renumbered so the versions look in order, the replay itself disagrees there.
    r.commits[i]!.version = i + 1;
    r.commits[i + 1]!.version = i + 2;
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: i + 1 });
  });

  it('a record with another published result fails at its last version', () => {
    const r = copy(records.get('scout')!);
    r.result = { ...r.result, winners: r.result.winners.length === 1 ? [(r.result.winners[0]! + 1) % 3] : [0] };
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: r.commits.length });
  });

  it('a running game has no record, and its stored commands stay out of its history', async () => {
    const s = service();
    const agg = await playThroughService(s, { game: 'scout', seats: 3, maxMoves: 5 });
    await expect(s.finishedHistory(agg.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const history = await s.history(agg, null);
    expect(history.length).toBe(agg.version);
    expect(JSON.stringify(history)).not.toContain('"command"');
  });
});
