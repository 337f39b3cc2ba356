/**
 * The floor's handler as a promise, without a top-level await, as services/handlers/graphql-ready.ts
 * is the graphql function's: so the floor can be bundled as a classic script with a code cache too
 * (infra/compare-bundles.ts measures the floor both ways). handler.ts awaits it otherwise.
 */
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import awsLambdaFastify from '@fastify/aws-lambda';
import Fastify from 'fastify';
import mercurius from 'mercurius';

const schema = `
  type Query { ok: Boolean }
  type Created { id: ID! version: Int! }
  type Mutation { createGame(game: String!, seats: Int!): Created! }
`;

const client = new DynamoDBClient(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {});
let n = 0;

const resolvers = {
  Mutation: {
    async createGame(_: unknown, { game, seats }: { game: string; seats: number }) {
      const id = `floor-${process.pid}-${++n}`;
      await client.send(
        new PutItemCommand({
          TableName: process.env.TABLE_NAME,
          Item: { pk: { S: `game#${id}` }, sk: { S: 'v#000000001' }, game: { S: game }, seats: { N: String(seats) } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { id, version: 1 };
    },
  },
};

const app = Fastify();
app.register(mercurius, { schema, resolvers });
const proxy = awsLambdaFastify(app);

export const ready = app.ready().then(() => proxy);
