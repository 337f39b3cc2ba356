import { describe, expect, it } from 'vitest';
import { lobbyPosition } from '../../services/store/read-models.js';
import { DynamoLobby } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const ids = (entries: { gameId: string }[]) => entries.map((e) => e.gameId);

describe('lobby read model on the embedded DynamoDB', () => {
  it('keeps the newest version under out-of-order, repeated delivery', async () => {
    const lobby = new DynamoLobby(db.client, db.tableName);
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 0, version: 1 });
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 2, version: 3 });
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 1, version: 2 }); // late
    expect((await lobby.page('scout', 10)).find((e) => e.gameId === 'a')).toMatchObject({ taken: 2, version: 3 });
    await lobby.close('a', 4);
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 2, version: 3 }); // replayed
    expect(ids(await lobby.page('scout', 10))).not.toContain('a');
  });

  it('pages one game type oldest first, a page no longer than asked, leaving closed games out', async () => {
    const lobby = new DynamoLobby(db.client, db.tableName);
    for (const [i, id] of ['p1', 'p2', 'p3', 'p4', 'p5'].entries()) {
      await lobby.put({ gameId: id, type: 'seledyne', seats: 2, taken: 1, version: 1 });
      if (i === 0) await lobby.put({ gameId: 'other', type: 'silver', seats: 2, taken: 0, version: 1 });
      await new Promise((r) => setTimeout(r, 2)); // distinct creation times
    }
    await lobby.close('p3', 2);
    const first = await lobby.page('seledyne', 2);
    expect(ids(first)).toEqual(['p1', 'p2']);
    const rest = await lobby.page('seledyne', 2, lobbyPosition(first[1]!));
    expect(ids(rest)).toEqual(['p4', 'p5']);
    expect(await lobby.page('seledyne', 2, lobbyPosition(rest[1]!))).toEqual([]);
    expect(ids(await lobby.page('silver', 10))).toEqual(['other']);
  });
});
