/**
 * Messages at the service (real DynamoDB API on loopback): the total bound per game, and what
 * a message's commit does not touch (the engine's state, the seats' views).
 */
import { describe, expect, it } from 'vitest';
import { ParlorService } from '../../services/app/service.js';
import { Messages } from '../../services/messages/index.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { createAndSeat } from '../kit/seat.js';

const db = useEmbeddedDynamo();
let time = Date.parse('2026-05-01T00:00:00Z');
const service = () => new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [scout], now: () => time });

describe('messages at the service', () => {
  it('a game holds at most maxMessages messages: the next is FORBIDDEN and changes nothing', async () => {
    const s = service();
    const messages = new Messages(s, { maxMessages: 3 });
    const { id, tokens } = await createAndSeat(s, { game: 'scout', seats: 2, seed: 'bound' });
    for (let i = 0; i < 3; i++) await messages.send(id, tokens[i % 2], `m${i}`);
    const full = await s.load(id);
    await expect(messages.send(id, tokens[1], 'one more')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    time += 3_600_000; // not a rate limit: an hour later it is still refused
    await expect(messages.send(id, tokens[0], 'one more')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await s.load(id)).version).toBe(full.version);
  });

  it('a message never reaches the engine: the table state and every seat’s view are the same after it', async () => {
    const s = service();
    const messages = new Messages(s);
    const { id, tokens } = await createAndSeat(s, { game: 'scout', seats: 2, seed: 'engine' });
    const before = await s.load(id);
    const after = await messages.send(id, tokens[0], 'hello');
    expect(after.version).toBe(before.version + 1);
    expect(after.state).toEqual(before.state);
    for (const seat of [0, 1, null]) expect(after.table.view(after.state, seat)).toEqual(before.table.view(before.state, seat));
  });
});
