/**
 * Verifiable records: every finished game's public record replays through the engine to the
 * same spectator events and result; any tampering is caught at the version it touches.
 */
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { gameRecord, type GameRecord } from '../../services/analytics/record.js';
import { verifyRecord } from '../../services/analytics/verify.js';
import { ParlorService } from '../../services/app/service.js';
import { dealSeed, sha256Hex, table } from '../../services/engine/core/index.js';
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
    const result = r.result!;
    r.result = { ...result, winners: result.winners.length === 1 ? [(result.winners[0]! + 1) % 3] : [0] };
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: r.commits.length });
  });

  it('a record naming another start seat for a round, or another bot seat, fails at its last version', () => {
    const r = copy(records.get('scout')!);
    expect(r.startSeats.length).toBeGreaterThan(0);
    r.startSeats = [(r.startSeats[0]! + 1) % 3, ...r.startSeats.slice(1)];
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: r.commits.length, reason: expect.stringContaining('startSeats') });
    const b = copy(records.get('scout')!);
    b.botSeats = [1];
    expect(verifyRecord(b)).toMatchObject({ ok: false, version: b.commits.length, reason: expect.stringContaining('botSeats') });
  });

  it('a record whose header alone was edited (options, seedFixed, seats) fails at version 1: the header must be the game the commits play', () => {
    const honest = records.get('scout')!;
    const options = copy(honest) as GameRecord & { options: Record<string, unknown> };
    options.options = { ...options.options, hideScoutInsertPosition: !options.options.hideScoutInsertPosition };
    expect(verifyRecord(options)).toMatchObject({ ok: false, version: 1, reason: expect.stringContaining('options') });
    const fixed = copy(honest);
    fixed.seedFixed = !fixed.seedFixed;
    expect(verifyRecord(fixed)).toMatchObject({ ok: false, version: 1, reason: expect.stringContaining('seedFixed') });
    const seats = copy(honest);
    seats.seats = 4;
    expect(verifyRecord(seats)).toMatchObject({ ok: false, version: 1 });
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

describe('player entropy', () => {
  it('the deal seed is reproducible: the server seed alone without entropy, else a hash that changes with any contribution', () => {
    expect(dealSeed('s', [undefined, undefined])).toBe('s');
    expect(dealSeed('s', ['a', undefined])).toBe(dealSeed('s', ['a', undefined]));
    expect(dealSeed('s', ['a', undefined])).toBe(sha256Hex(JSON.stringify({ seed: 's', entropy: ['a', null] })));
    expect(new Set([dealSeed('s', ['a', 'b']), dealSeed('s', ['a', 'c']), dealSeed('s', ['b', 'a']), dealSeed('t', ['a', 'b'])]).size).toBe(4);
  });

  it('entropy changes the deal of a fixed seed, shows in the record, and the record verifies; an altered contribution fails', async () => {
    const s = service();
    const seated = async (entropy?: string) => {
      const created = await s.create({ game: 'scout', seats: 2, seed: 'fixed' });
      for (const name of ['a', 'b']) await s.join(created.id, name, { entropy: name === 'b' ? entropy : undefined });
      return created.id;
    };
    // The cards dealt, every hand and the set-aside (as stored, nothing redacted).
    const dealOf = async (id: string) => {
      const dealt = (await db.store.history(id)).flatMap((c) => c.events as { type: string; hands?: unknown; setAside?: unknown }[]).find((e) => e.type === 'RoundDealt')!;
      return JSON.stringify({ hands: dealt.hands, setAside: dealt.setAside });
    };
    const plain = await dealOf(await seated());
    expect(await dealOf(await seated()), 'the same fixed seed deals the same cards').toBe(plain);
    expect(await dealOf(await seated('dice roll 4-6-1')), 'entropy deals other cards').not.toBe(plain);
    const mixed = await playThroughService(s, { game: 'scout', seats: 2, seed: 'fixed', entropy: (seat) => (seat === 1 ? 'dice roll 4-6-1' : undefined) });

    const { commits } = await s.finishedHistory(mixed.id);
    const record = gameRecord(mixed.id, commits, mixed.table)!;
    expect(record.players).toEqual([{ seat: 0, name: 'p0' }, { seat: 1, name: 'p1', entropy: 'dice roll 4-6-1' }]);
    expect(record.dealSeed).toBe(dealSeed('fixed', [undefined, 'dice roll 4-6-1']));
    expect(verifyRecord(record)).toMatchObject({ ok: true });

    // Another contribution, changed in the command and its event alike: the replayed deal differs.
    const altered = copy(record);
    const join = altered.commits[2]!;
    join.command = { type: 'join', name: 'p1', entropy: 'dice roll 1-1-1' };
    (join.events[0] as { entropy?: string }).entropy = 'dice roll 1-1-1';
    const verdict = verifyRecord(altered);
    expect(verdict.ok).toBe(false);
    expect((verdict as { version: number }).version).toBeGreaterThanOrEqual(3);
    // A published deal seed that is not the derivation fails too.
    expect(verifyRecord({ ...copy(record), dealSeed: sha256Hex('other') })).toMatchObject({ ok: false, version: 3 });
  });

  it('refuses an empty or oversized entropy and seats no one', async () => {
    const s = service();
    const created = await s.create({ game: 'scout', seats: 2 });
    for (const entropy of ['', 'x'.repeat(201)]) await expect(s.join(created.id, 'p', { entropy })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect((await s.load(created.id)).state.players).toEqual([]);
  });
});
