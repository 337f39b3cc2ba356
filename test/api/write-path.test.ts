/**
 * What one submitMove costs the store, over the real server and embedded DynamoDB: on a game
 * this process holds (its fold cached), one conditional PutItem and no read, even after the
 * commit's own reactions (projections, timers, the server's moves) have run: its place in the
 * change feed rides in the same PutItem.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';

// The reactions' checkpoints are one write a second at most, whatever the moves (not per move): out of this count.
// So is the outbox's safety poll (a Query a minute on a real timer), which a loaded machine could reach inside the count.
const server = useServer({ checkpointMs: 3_600_000, webhooks: { pollMs: 3_600_000 } });
const LEGAL = 'query($id: ID!) { game(id: $id) { status { toMove } legalMoves } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

describe('the write path', () => {
  it('a move on a cached game without bots is one conditional PutItem and no read', async () => {
    const id = (await server.gql('mutation { createGame(input: { game: "scout", seats: 3 }) { game { id } } }')).data.createGame.game.id;
    const tokens: string[] = [];
    for (let s = 0; s < 3; s++) tokens.push((await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { token } }', { id })).data.joinGame.token);
    const calls: string[] = [];
    server.client.middlewareStack.add((next, context) => async (args) => (calls.push(String(context.commandName)), next(args)), { step: 'initialize', name: 'countWritePath' });
    try {
      for (let i = 0; i < 3; i++) {
        const { toMove } = (await server.gql(LEGAL, { id }, tokens[0])).data.game.status;
        const legal = (await server.gql(LEGAL, { id }, tokens[toMove[0]])).data.game.legalMoves;
        calls.length = 0;
        const moved = await server.gql(MOVE, { id, m: legal[0] }, tokens[toMove[0]]);
        expect(moved.errors).toBeUndefined();
        await server.play.settle();
        expect(calls).toEqual(['PutItemCommand']);
      }
    } finally {
      server.client.middlewareStack.remove('countWritePath');
    }
  });
});
