/**
 * On AWS the stream function makes the bots' moves, through the same runner as the local server
 * (BotRunner.advance after each streamed commit), and the history marks them as the bot's.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { gql, useAws } from './kit.js';

const world = useAws();

describe('the stream function plays bot seats', () => {
  it('a bot seated at creation moves when the stream delivers the commit that makes it due, marked by: bot:<spec>', async () => {
    const created = await gql(world, 'mutation { createGame(input: { game: "high-card", seats: 2, bots: [{ seat: 0, kind: "search", level: 1 }] }) { game { id } } }');
    expect(created.errors).toBeUndefined();
    const id = created.data.createGame.game.id;
    const joined = await gql(world, 'mutation($id: ID!) { joinGame(gameId: $id, name: "ann") { seat game { version } } }', { id });
    expect(joined.data.joinGame.seat).toBe(1);
    const read = async () => (await gql(world, 'query($id: ID!) { game(id: $id) { version players { seat bot kind } history { version seat by } } }', { id })).data.game;
    const before = await read();
    expect(before.players).toEqual([
      { seat: 0, bot: 'search:1', kind: 'BOT' },
      { seat: 1, bot: null, kind: 'HUMAN' },
    ]);
    expect(before.history.some((h: any) => h.seat === 0)).toBe(false); // nothing moves the bot but the stream
    expect(await world.stream(await world.streamEvent(id))).toEqual({ batchItemFailures: [] });
    const after = await read();
    expect(after.version).toBeGreaterThan(before.version);
    const botMoves = after.history.filter((h: any) => h.seat === 0);
    expect(botMoves.length).toBeGreaterThan(0);
    for (const h of botMoves) expect(h.by).toBe('bot:search:1');
  });
});
