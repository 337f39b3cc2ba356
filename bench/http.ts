/**
 * submitMove through real HTTP on the embedded DynamoDB, beside the bare conditional PutItem
 * on the same store in the same run: the ratio is what the service costs over the write floor.
 */
import { PutCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { fastRng } from '../services/engine/core/index.js';
import { createLocalParlor } from '../services/local.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { summary } from './stats.js';

const MOVE = 'mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }';
const LEGAL = 'query($id: ID!) { game(id: $id) { status { over toMove } legalMoves } }';

export async function benchHttp(opts: { game: string; seats: number; moves: number; puts: number }) {
  const dynamo = await startEmbeddedDynamo();
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, 'bench');
  const { app } = await createLocalParlor({ client, tableName: 'bench' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const gql = async (query: string, variables: object, token?: string) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };

  const rng = fastRng(42);
  const latencies: number[] = [];
  const started = performance.now();
  while (latencies.length < opts.moves) {
    const id = (await gql('mutation($g: String!, $s: Int!) { createGame(input: { game: $g, seats: $s }) { game { id } } }', { g: opts.game, s: opts.seats })).createGame.game.id;
    const tokens: string[] = [];
    for (let s = 0; s < opts.seats; s++) tokens.push((await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "bot") { token } }', { id })).joinGame.token);
    for (;;) {
      const seat = (await gql(LEGAL, { id }, tokens[0])).game.status;
      if (seat.over || latencies.length >= opts.moves) break;
      const mover = seat.toMove[rng.int(seat.toMove.length)];
      const legal = (await gql(LEGAL, { id }, tokens[mover])).game.legalMoves;
      const t0 = performance.now();
      await gql(MOVE, { id, move: legal[rng.int(legal.length)] }, tokens[mover]);
      latencies.push(performance.now() - t0);
    }
  }
  const wall = (performance.now() - started) / 1000;

  // The floor: one conditional PutItem of a commit-sized item, same server, same process.
  const doc = DynamoDBDocumentClient.from(client);
  const puts: number[] = [];
  for (let i = 0; i < opts.puts; i++) {
    const t0 = performance.now();
    await doc.send(new PutCommand({ TableName: 'bench', Item: { pk: `BENCH#${i}`, sk: 'V#0000000001', events: JSON.stringify([{ type: 'x', i }]) }, ConditionExpression: 'attribute_not_exists(pk)' }));
    puts.push(performance.now() - t0);
  }

  await app.close();
  client.destroy();
  await dynamo.close();
  const move = summary(latencies);
  const put = summary(puts);
  return { move, put, movesPerSecond: latencies.length / (latencies.reduce((a, b) => a + b, 0) / 1000), wallSeconds: wall };
}
