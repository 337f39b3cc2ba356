/**
 * The floors the mandated stack sets for submitMove: a minimal Fastify + mercurius server whose one
 * mutation has submitMove's signature and answer shape and does the store's conditional PutItem,
 * on the same client and store as Parlor's. The item it writes is a copy of the commit the move
 * just wrote (`next`), handed over in-process so the request carries the same document and bytes.
 * With `rules`, the same server first runs the engine's decide and fold of the move it was sent,
 * on a fold of its own (`follow`): the fair anchor for what the API layer adds beyond the rules
 * (issue 33 item 5), as the bare floor does no rules at all.
 */
import Fastify from 'fastify';
import mercurius from 'mercurius';
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Seat, Table, TableState } from '../services/engine/core/index.js';
import { KEY } from '../services/store/index.js';

const schema = `
  scalar JSON
  type Game { version: Int! }
  type Moved { game: Game! }
  type Query { ok: Boolean }
  type Mutation { submitMove(gameId: ID!, move: JSON!): Moved! }
`;

/** A game as the rules floor holds it: the engine's table and its own fold at `version`. */
interface Followed {
  table: Table;
  state: TableState;
  version: number;
}

export async function mercuriusFloor(client: DynamoDBClient, tableName: string, options: { rules?: boolean } = {}) {
  let next: Record<string, unknown> | undefined;
  let seat: Seat | undefined;
  const followed = new Map<string, Followed>();
  const app = Fastify();
  await app.register(mercurius, {
    schema,
    resolvers: {
      Mutation: {
        submitMove: async (_root: unknown, args: { gameId: string; move: unknown }) => {
          const Item = next!;
          if (options.rules) {
            // The rules of the move as sent (the engine's own checks and events), then the fold of them.
            const game = followed.get(args.gameId)!;
            const events = game.table.decide(game.state, { type: 'move', seat: seat!, move: args.move });
            game.state = game.table.fold(events, game.state);
            game.version++;
          }
          // The same call the store makes (plain client, marshalled once), so the floor is not slower than Parlor's own write.
          await client.send(new PutItemCommand({ TableName: tableName, Item: marshall(Item, { removeUndefinedValues: true }), ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
          return { game: { version: Item.version } };
        },
      },
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    /** The item the next request writes, and (rules) the seat whose move it is: the floor has no tokens to find it by. */
    write: (item: Record<string, unknown>, by?: Seat) => void ((next = item), (seat = by)),
    /** The version the rules floor's fold of `gameId` is at (undefined: not followed yet). */
    version: (gameId: string) => followed.get(gameId)?.version,
    /** Starts following `gameId` from a fold of it (rules): the floor folds every move it decides after that itself. */
    follow: (gameId: string, game: Followed) => void followed.set(gameId, { ...game }),
    close: () => app.close(),
  };
}
