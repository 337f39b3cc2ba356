/**
 * Damaged data is detected (issue 26, finding 10). A data file cut short or with garbage in it
 * loses commit items silently or leaves unreadable ones; here the damage is made directly in the
 * table (DeleteItem, PutItem over a commit) on real embedded DynamoDB. `npm run verify-store`'s
 * check names every damaged stream and no sound one; a server started on the table refuses a
 * stream with a hole (STREAM_DAMAGED, HTTP 503) and accepts no move on top of it.
 */
import { DeleteItemCommand, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createLocalParlor } from '../../services/local.js';
import { verifyStore } from '../../services/app/verify-store.js';
import { commitSk, DynamoEventStore, gamePk } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { playThroughService } from '../kit/service-play.js';

const db = useEmbeddedDynamo();
const key = (gameId: string, version: number) => ({ pk: { S: gamePk(gameId) }, sk: { S: commitSk(version) } });

describe('damaged streams', () => {
  it('verify-store names each damaged stream — a missing version, an unreadable commit, a snapshot unlike its fold — and no sound one', async () => {
    const first = await createLocalParlor({ client: db.client, tableName: db.tableName, signingSecret: 's' });
    const play = (seed: string) => playThroughService(first.service, { game: 'scout', seats: 2, seed, maxMoves: 14 });
    const [sound, holed, garbled, forged] = [await play('a'), await play('b'), await play('c'), await play('d')];
    await first.app.close();
    const store = new DynamoEventStore({ client: db.client, tableName: db.tableName });
    expect((await verifyStore(db.client, db.tableName, store)).damaged, 'sound games: nothing to report').toEqual([]);

    await db.client.send(new DeleteItemCommand({ TableName: db.tableName, Key: key(holed.id, 5) }));
    const item = (await db.client.send(new GetItemCommand({ TableName: db.tableName, Key: key(garbled.id, 6) }))).Item!;
    await db.client.send(new PutItemCommand({ TableName: db.tableName, Item: { ...item, events: { S: '[{"type":"Ca\u0000\u0013garbage' } } }));
    const snap = (await db.client.send(new GetItemCommand({ TableName: db.tableName, Key: key(forged.id, 8) }))).Item!;
    const data = JSON.parse(snap.snapshot!.S!);
    data.commandIds = { ...data.commandIds, 'forged:x': 1 };
    await db.client.send(new PutItemCommand({ TableName: db.tableName, Item: { ...snap, snapshot: { S: JSON.stringify(data) } } }));

    const report = await verifyStore(db.client, db.tableName, store);
    expect(report.games).toBeGreaterThanOrEqual(4);
    expect(report.damaged.map((d) => [d.gameId, d.problem]).sort()).toEqual(
      [[holed.id, 'MISSING_VERSIONS'], [garbled.id, 'UNREADABLE'], [forged.id, 'SNAPSHOT_MISMATCH']].sort(),
    );
    expect(report.damaged.some((d) => d.gameId === sound.id)).toBe(false);
  });

  it('a server started on a table with a hole in a stream refuses that game with STREAM_DAMAGED (503) and writes nothing on top', async () => {
    const before = await createLocalParlor({ client: db.client, tableName: db.tableName, signingSecret: 's' });
    const game = await playThroughService(before.service, { game: 'scout', seats: 2, seed: 'hole', maxMoves: 12 });
    await before.app.close();
    await db.client.send(new DeleteItemCommand({ TableName: db.tableName, Key: key(game.id, 3) }));

    const server = await createLocalParlor({ client: db.client, tableName: db.tableName, signingSecret: 's' });
    try {
      const read = await server.app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ game(id: "${game.id}") { version } }` } });
      expect(read.json().errors[0].extensions.code).toBe('STREAM_DAMAGED');
      const rest = await server.app.inject({ method: 'GET', url: `/v1/games/${game.id}` });
      expect(rest.statusCode).toBe(503);
      expect(rest.json().error.code).toBe('STREAM_DAMAGED');
      await expect(server.service.execute(game.id, () => ({ events: [] }))).rejects.toThrow(/damaged/);
      const versions = (await new DynamoEventStore({ client: db.client, tableName: db.tableName }).history(game.id)).map((c) => c.version);
      expect(Math.max(...versions), 'nothing appended on top of the hole').toBe(game.version);
    } finally {
      await server.app.close();
    }
  });
});
