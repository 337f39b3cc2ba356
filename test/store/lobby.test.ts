import { describe, expect, it } from 'vitest';
import { DynamoLobby } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();

describe('lobby read model on the embedded DynamoDB', () => {
  it('keeps the newest version under out-of-order, repeated delivery', async () => {
    const lobby = new DynamoLobby(db.client, db.tableName);
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 0, version: 1 });
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 2, version: 3 });
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 1, version: 2 }); // late
    expect((await lobby.list()).find((e) => e.gameId === 'a')).toMatchObject({ taken: 2, version: 3 });
    await lobby.close('a', 4);
    await lobby.put({ gameId: 'a', type: 'scout', seats: 3, taken: 2, version: 3 }); // replayed
    expect((await lobby.list()).find((e) => e.gameId === 'a')).toBeUndefined();
  });

  it('filters by game type', async () => {
    const lobby = new DynamoLobby(db.client, db.tableName);
    await lobby.put({ gameId: 'b', type: 'silver', seats: 2, taken: 0, version: 1 });
    expect((await lobby.list('silver')).map((e) => e.gameId)).toEqual(['b']);
  });
});
