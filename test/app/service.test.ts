/**
 * The service on a real DynamoDB API: two instances (as two Lambda containers would be)
 * share one table; each keeps its own cache of folded games and must never serve stale state.
 */
import { describe, expect, it } from 'vitest';
import { lobbyProjection } from '../../services/app/projections.js';
import { ParlorService } from '../../services/app/service.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { DynamoEventStore, DynamoLobby } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';

const db = useEmbeddedDynamo();
const service = () => new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [highCard, scout], snapshotEvery: 2 });

describe('ParlorService', () => {
  it('two instances on one table see each other’s moves (the cache catches up)', async () => {
    const a = service();
    const b = service();
    const created = await a.create({ game: 'high-card', seats: 3 });
    const seats = [await b.join(created.id, 'x'), await a.join(created.id, 'y'), await b.join(created.id, 'z')];
    expect((await a.load(created.id)).version).toBe(4);
    await a.move({ gameId: created.id, token: seats[0]!.token, move: { type: 'choose', swap: true } });
    const seenByB = await b.load(created.id);
    expect(seenByB.version).toBe(5);
    expect(seenByB.state.play).toMatchObject({ choices: [true, null, null] });
    await b.move({ gameId: created.id, token: seats[1]!.token, move: { type: 'choose', swap: false } });
    await expect(a.move({ gameId: created.id, token: seats[0]!.token, move: { type: 'choose', swap: false } })).rejects.toMatchObject({ code: 'NOT_YOUR_TURN' });
  });

  it('a move decided on a stale cache loses the write race and is re-decided on the newest state', async () => {
    const a = service();
    const b = service();
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 3 });
    await a.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true } }); // a caches v5
    await b.move({ gameId: id, token: tokens[1], move: { type: 'choose', swap: false } }); // v6, unseen by a
    const after = await a.move({ gameId: id, token: tokens[2], move: { type: 'choose', swap: true } });
    expect(after.version).toBe(7);
    expect(after.state.ended).toBe(true); // the last choice's commit also holds GameEnded
    expect(after.state.play).toMatchObject({ choices: [true, false, true], revealed: true });
  });

  it('a move refused on a stale cached fold (not that seat\'s turn there) is decided again on the newest state', async () => {
    // SCOUT, where one seat plays at a time: instance a caches the game, b plays a move a never sees.
    const a = service();
    const b = service();
    const { id, tokens } = await createAndSeat(a, { game: 'scout', seats: 3, seed: 'stale-cache' });
    let now = await b.load(id);
    const t = now.table;
    while (t.status(now.state).phase !== 'play') {
      const seat = t.status(now.state).toMove[0]!;
      now = await b.move({ gameId: id, token: tokens[seat], move: t.legalMoves(now.state, seat)[0] });
    }
    const stale = await a.load(id); // a's cache: the first turn of play
    const first = t.status(stale.state).toMove[0]!;
    now = await b.move({ gameId: id, token: tokens[first], move: t.legalMoves(stale.state, first)[0] });
    const next = t.status(now.state).toMove[0]!;
    const move = t.legalMoves(now.state, next)[0];
    expect(() => t.decide(stale.state, { type: 'move', seat: next, move }), 'on a\'s cached fold the move is refused').toThrow(expect.objectContaining({ code: 'NOT_YOUR_TURN' }));
    const after = await a.move({ gameId: id, token: tokens[next], move });
    expect(after.version).toBe(now.version + 1);
    expect(t.status(after.state).toMove).not.toContain(next);
  });

  it('a seat token, once verified, still opens only its own seat of its own game; a forged one never', async () => {
    const s = service();
    const game = await s.create({ game: 'high-card', seats: 2 });
    const [ann, bob] = [await s.join(game.id, 'ann'), await s.join(game.id, 'bob')];
    const agg = await s.load(game.id);
    for (let i = 0; i < 2; i++) expect([s.seatOf(agg, ann.token), s.seatOf(agg, bob.token)]).toEqual([0, 1]);
    const forged = `${game.id}.0.${'A'.repeat(32)}`;
    expect(() => s.seatOf(agg, forged)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    // The same players list under another game's id: the remembered token must not skip the game check.
    expect(() => s.seatOf({ ...agg, id: 'another-game' }, ann.token)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('commandIds are per seat: two seats may use the same one', async () => {
    const a = service();
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 3 });
    await a.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true }, commandId: 'move-1' });
    const second = await a.move({ gameId: id, token: tokens[1], move: { type: 'choose', swap: false }, commandId: 'move-1' });
    expect(second.state.play).toMatchObject({ choices: [true, false, null] });
    const retried = await a.move({ gameId: id, token: tokens[1], move: { type: 'choose', swap: false }, commandId: 'move-1' });
    expect(retried.version).toBe(second.version);
  });

  it('refuses an empty or oversized commandId', async () => {
    const a = service();
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 2 });
    for (const commandId of ['', 'x'.repeat(101)]) {
      await expect(a.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true }, commandId })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    }
    expect((await a.load(id)).version).toBe(3);
  });

  it('a failing commit listener does not fail a durable move', async () => {
    const errors: unknown[] = [];
    const a = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [highCard], log: { error: (d) => errors.push(d) } });
    a.onCommit(() => {
      throw new Error('projection down');
    });
    const created = await a.create({ game: 'high-card', seats: 2 });
    const joined = await a.join(created.id, 'p');
    expect(joined.token).toBeTruthy();
    expect(errors.length).toBe(2);
  });

  it('folding from snapshots gives the same game as folding every event', async () => {
    const a = service();
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 4, seed: 'same' });
    for (const token of tokens.slice(0, 3)) await a.move({ gameId: id, token, move: { type: 'choose', swap: true } });
    const fresh = await service().load(id); // from the newest snapshot + tail
    const history = await new DynamoEventStore({ client: db.client, tableName: db.tableName }).history(id);
    const full = fresh.table.fold(history.flatMap((c) => c.events) as never[]);
    expect(fresh.state).toEqual(full);
    expect(fresh.version).toBe(8);
  });
});

describe('the lobby, a page at a time', () => {
  it('pages every open game of every type once, oldest first, merging one bounded query per type', async () => {
    const lobby = new DynamoLobby(db.client, db.tableName);
    const withLobby = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), lobby, games: [highCard, scout] });
    const projection = lobbyProjection(lobby);
    withLobby.onCommit((agg, commit) => projection.apply(agg, commit));
    const created: string[] = [];
    for (const game of ['scout', 'high-card', 'high-card', 'scout', 'high-card']) {
      created.push((await withLobby.create({ game, seats: 3 })).id);
      await new Promise((r) => setTimeout(r, 2)); // distinct creation times
    }
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await withLobby.lobbyPage(undefined, 2, after);
      expect(page.edges.length).toBeLessThanOrEqual(2);
      seen.push(...page.edges.map((e) => e.node.gameId));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor!;
    }
    expect(seen.filter((id) => created.includes(id))).toEqual(created);
    expect(new Set(seen).size).toBe(seen.length);
    await expect(withLobby.lobbyPage(undefined, 101)).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('snapshots of an older shape', () => {
  it('a snapshot without today’s format is ignored: the game is folded from its events (a game whose state gained fields still loads right)', async () => {
    const store = new DynamoEventStore({ client: db.client, tableName: db.tableName });
    const a = new ParlorService({ store, games: [highCard, scout], snapshotEvery: 1000 });
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 2 });
    const before = await a.load(id);
    // A snapshot written by an older server: its fold lacks what today's state holds.
    const stale = { state: { ...before.state, play: { damaged: true } }, commandIds: {} };
    await store.append(id, before.version, { events: [], snapshot: stale });
    const fresh = new ParlorService({ store, games: [highCard, scout] });
    const loaded = await fresh.load(id);
    expect(loaded.state.play).toEqual(before.state.play);
    await fresh.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true } });
  });
});
