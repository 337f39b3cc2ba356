/**
 * What the server's own moves cost the store (issue 39 §4): a bot's move is decided on the fold
 * the commit that asked for it left in this process, and written pinned to its version, so it is
 * one conditional PutItem and no read of the game; a pinned command on a fold another writer has
 * passed is refused (VERSION_CONFLICT), never written.
 */
import { describe, expect, it } from 'vitest';
import { ParlorService } from '../../services/app/service.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { moveDecision } from '../../services/app/service.js';
import { useServer } from '../kit/server.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';

// Checkpoints and the outbox's safety poll are timed, not per move: out of this count.
const server = useServer({ checkpointMs: 3_600_000, webhooks: { pollMs: 3_600_000 } });
const db = useEmbeddedDynamo();
const VIEW = 'query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

describe("the server's moves", () => {
  it("a human's move and the bot's answers are a PutItem each, with no read of the game", async () => {
    const id = (await server.gql('mutation { createGame(input: { game: "scout", seats: 2, seed: "calls", bots: [{ seat: 1, kind: "greedy" }] }) { game { id } } }')).data.createGame.game.id;
    const token = (await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { token } }', { id })).data.joinGame.token;
    await server.play.settle();
    const gameCalls: string[] = [];
    server.client.middlewareStack.add(
      (next, context) => async (args) => {
        // This game's partition only: a matchmaking beat may land in the count.
        if (JSON.stringify((args.input as object) ?? {}).includes(`GAME#${id}`)) gameCalls.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'countServerMoves' },
    );
    try {
      let moves = 0;
      for (let i = 0; i < 6; i++) {
        const game = (await server.gql(VIEW, { id }, token)).data.game;
        if (game.status.over) break;
        gameCalls.length = 0;
        const before = game.version;
        expect((await server.gql(MOVE, { id, m: game.legalMoves[0] }, token)).errors).toBeUndefined();
        await server.play.settle();
        const after = (await server.service.load(id)).version;
        gameCalls.pop(); // the load just above
        // One PutItem a commit: the human's and each of the bot's.
        expect(gameCalls).toEqual(Array(after - before).fill('PutItemCommand'));
        moves += after - before;
      }
      expect(moves).toBeGreaterThan(6); // the bot did answer
    } finally {
      server.client.middlewareStack.remove('countServerMoves');
    }
  });

  it('a command pinned to a version this fold is at, which another writer has passed, is refused and not written', async () => {
    const a = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [highCard] });
    const other = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [highCard] });
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 3 });
    const seen = await a.load(id); // a's fold: v4
    await other.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true } }); // v5, unseen by a
    await expect(a.execute(id, (agg) => moveDecision(agg, 1, { type: 'choose', swap: false }), { expectedVersion: seen.version })).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });
    // A refusal on the stale fold: VERSION_CONFLICT first, as when it read the store first.
    await expect(a.execute(id, () => { throw Object.assign(new Error('refused'), { code: 'ILLEGAL_MOVE' }); }, { expectedVersion: seen.version })).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });
    // Nothing to write on the stale fold: still refused, as when it read the store first.
    await expect(a.execute(id, () => null, { expectedVersion: seen.version })).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await other.load(id)).version).toBe(seen.version + 1);
  });
});
