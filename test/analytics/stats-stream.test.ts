/**
 * On AWS the stats projection runs from DynamoDB Streams: the stream handler, fed the commit
 * records of a finished game (twice, as a retried batch would), counts the game once.
 */
import { describe, expect, it } from 'vitest';
import { TABLE_ACTIONS } from '../../services/handlers/permissions.js';
import '../handlers/env.js';
import { useAws } from '../handlers/kit.js';

const world = useAws();

describe('stats from the stream', () => {
  it('a finished game’s records, delivered twice, count it once; a running game not at all', async () => {
    const { service } = world.parlor;
    const finished = await service.create({ game: 'high-card', seats: 2 });
    const tokens = [(await service.join(finished.id, 'ann')).token, (await service.join(finished.id, 'bob')).token];
    for (const token of tokens) await service.move({ gameId: finished.id, token, move: { type: 'choose', swap: false } });
    const running = await service.create({ game: 'high-card', seats: 2 });
    await service.join(running.id, 'cy');

    const records = await world.streamEvent(finished.id);
    await world.stream(records);
    await world.stream(records); // a retried batch
    await world.stream(await world.streamEvent(running.id));

    const result = finished.table.status((await service.load(finished.id)).state).result!;
    const [stats] = await service.stats('high-card', 2);
    expect(stats).toMatchObject({ games: 1, commits: 5, moves: 2 });
    expect(stats!.wins).toEqual([0, 1].map((seat) => (result.winners.includes(seat) ? 1 : 0)));
    expect([...world.used.stream].every((a) => (TABLE_ACTIONS.stream as readonly string[]).includes(a))).toBe(true);
  });
});
