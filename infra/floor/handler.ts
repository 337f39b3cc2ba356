/**
 * The floor of `npm run measure:bundles`: the bare mandated stack (Fastify, mercurius,
 * @fastify/aws-lambda, the DynamoDB client) answering one GraphQL mutation with one conditional
 * PutItem, as the http function's createGame does. Bundled and run exactly like the handlers,
 * so each function's cold start reads as a multiple of what the stack itself costs.
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
await app.ready();

export const handler = proxy;
