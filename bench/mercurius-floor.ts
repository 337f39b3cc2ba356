/**
 * The floor the mandated stack sets for submitMove: a minimal Fastify + mercurius server whose one
 * mutation has submitMove's signature and answer shape and does the store's conditional PutItem,
 * on the same client and store as Parlor's. The item it writes is a copy of the commit the move
 * just wrote (`next`), handed over in-process so the request carries the same document and bytes.
 */
import Fastify from 'fastify';
import mercurius from 'mercurius';
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { KEY } from '../services/store/index.js';

const schema = `
  scalar JSON
  type Game { version: Int! }
  type Moved { game: Game! }
  type Query { ok: Boolean }
  type Mutation { submitMove(gameId: ID!, move: JSON!): Moved! }
`;

export async function mercuriusFloor(client: DynamoDBClient, tableName: string) {
  let next: Record<string, unknown> | undefined;
  const app = Fastify();
  await app.register(mercurius, {
    schema,
    resolvers: {
      Mutation: {
        submitMove: async () => {
          const Item = next!;
          // The same call the store makes (plain client, marshalled once), so the floor is not slower than Parlor's own write.
          await client.send(new PutItemCommand({ TableName: tableName, Item: marshall(Item, { removeUndefinedValues: true }), ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
          return { game: { version: Item.version } };
        },
      },
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, write: (item: Record<string, unknown>) => void (next = item), close: () => app.close() };
}
