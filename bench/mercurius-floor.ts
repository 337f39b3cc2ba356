/**
 * The floor the mandated stack sets for submitMove: a minimal Fastify + mercurius server whose one
 * mutation has submitMove's signature and answer shape and does the store's conditional PutItem,
 * on the same client and store as Parlor's. The item it writes is a copy of the commit the move
 * just wrote (`next`), handed over in-process so the request carries the same document and bytes.
 */
import Fastify from 'fastify';
import mercurius from 'mercurius';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEY } from '../services/store/index.js';

const schema = `
  scalar JSON
  type Game { version: Int! }
  type Moved { game: Game! }
  type Query { ok: Boolean }
  type Mutation { submitMove(gameId: ID!, move: JSON!): Moved! }
`;

export async function mercuriusFloor(client: DynamoDBClient, tableName: string) {
  const doc = DynamoDBDocumentClient.from(client);
  let next: Record<string, unknown> | undefined;
  const app = Fastify();
  await app.register(mercurius, {
    schema,
    resolvers: {
      Mutation: {
        submitMove: async () => {
          const Item = next!;
          await doc.send(new PutCommand({ TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
          return { game: { version: Item.version } };
        },
      },
    },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, write: (item: Record<string, unknown>) => void (next = item), close: () => app.close() };
}
