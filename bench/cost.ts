/**
 * AWS cost per 1,000 games of each type, from what the service really asks of DynamoDB.
 *
 * Measured: every game is played through the service on the embedded DynamoDB with its cache off
 * (each request as a Lambda instance that has not seen the game), every call asks for its
 * consumed capacity, and each request's wall time is recorded. Modelled (stated, not measured):
 * the stream function's work per commit (one Query of the game's subscriptions, one conditional
 * UpdateItem and one PostToConnection per subscribed seat, at 4 ms each on AWS) and one
 * WebSocket message per seat per commit. Prices: us-east-1 list prices, in bench/capacity/prices.ts.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { games } from '../services/engine/registry.js';
import { PRICES } from './capacity/prices.js';
import { embeddedService, playThroughService } from './service.js';

export { PRICES };

const HTTP_GB = 1769 / 1024; // infra: http function memory
const STREAM_GB = 1024 / 1024; // infra: stream function memory
const AWS_CALL_MS = 4;

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand']);

/** Asks DynamoDB for the capacity of every call and adds it up. */
function countCapacity(client: DynamoDBClient) {
  const used = { read: 0, write: 0, calls: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const units = [consumed ?? []].flat().reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
      used[WRITES.has(context.commandName ?? '') ? 'write' : 'read'] += units;
      used.calls++;
      return out;
    },
    { step: 'initialize', name: 'countCapacity' },
  );
  return used;
}

export async function benchCost(gamesPerType = 3) {
  const env = await embeddedService({ cachedGames: 0 });
  const used = countCapacity(env.client);
  const rows = [];
  for (const game of games) {
    const seats = Math.min(game.seats.max, Math.max(game.seats.min, 4));
    const before = { ...used };
    let commands = 0;
    let requests = 0;
    const t0 = performance.now();
    for (let i = 0; i < gamesPerType; i++) {
      const r = await playThroughService(env, game.id, seats, 7 + i);
      commands += r.commands;
      requests += 1 + seats + r.commands; // create, joins, moves
    }
    const httpSeconds = (performance.now() - t0) / 1000;
    const per = 1000 / gamesPerType;
    const commits = requests; // every request is one commit
    const stream = { seconds: (commits * (1 + 2 * seats) * AWS_CALL_MS) / 1000, read: commits * 0.5, write: commits * seats };
    const cost = {
      dynamodb: ((used.write - before.write + stream.write) * PRICES.writeRequestUnit + (used.read - before.read + stream.read) * PRICES.readRequestUnit) * per,
      lambda: (httpSeconds * HTTP_GB * PRICES.lambdaGbSecondArm + stream.seconds * STREAM_GB * PRICES.lambdaGbSecondArm + 2 * requests * PRICES.lambdaRequest) * per,
      apiGateway: (requests * PRICES.httpApiRequest + commits * seats * PRICES.webSocketMessage) * per,
    };
    rows.push({
      game: game.id,
      seats,
      movesPerGame: commands / gamesPerType,
      dynamoCallsPerMove: (used.calls - before.calls) / requests,
      writeUnitsPerGame: (used.write - before.write) / gamesPerType,
      readUnitsPerGame: (used.read - before.read) / gamesPerType,
      usdPer1000Games: { ...cost, total: cost.dynamodb + cost.lambda + cost.apiGateway },
    });
  }
  await env.close();
  return rows;
}
