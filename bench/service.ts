/**
 * The service in-process on a fresh embedded DynamoDB, and a random player that drives a game
 * through it seat by seat: shared by the read-cost and AWS-cost figures.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { fastRng, randomBot } from '../services/engine/core/index.js';
import { ParlorService, type ServiceOptions } from '../services/app/service.js';
import { DynamoEventStore, ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';

export async function embeddedService(options: Partial<ServiceOptions> = {}) {
  const dynamo = await startEmbeddedDynamo();
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, 'bench');
  const service = new ParlorService({ store: new DynamoEventStore({ client, tableName: 'bench' }), log: { error: () => {} }, ...options });
  const events = new Map<string, number>();
  service.onCommit((agg, commit) => void events.set(agg.id, (events.get(agg.id) ?? 0) + commit.events.length));
  return {
    client: client as DynamoDBClient,
    service,
    /** Events stored so far per game. */
    events,
    /** Another service on the same table (e.g. with its cache off). */
    sibling: (more: Partial<ServiceOptions>) => new ParlorService({ store: new DynamoEventStore({ client, tableName: 'bench' }), log: { error: () => {} }, ...more }),
    close: async () => (client.destroy(), dynamo.close()),
  };
}

/** Creates a game, seats everyone and plays random legal moves until `enough` says stop or it ends. */
export async function playThroughService(
  { service, events }: { service: ParlorService; events: Map<string, number> },
  game: string,
  seats: number,
  seed: number,
  enough: (events: number) => boolean = () => false,
  options: object = {},
) {
  const rng = fastRng(seed);
  let agg = await service.create({ game, seats, options, seed: `bench-${seed}` });
  const tokens: string[] = [];
  for (let s = 0; s < seats; s++) tokens.push((await service.join(agg.id, `p${s}`)).token);
  agg = await service.load(agg.id);
  let commands = 0;
  while (!agg.state.ended && !enough(events.get(agg.id) ?? 0)) {
    const toMove = agg.table.status(agg.state).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const move = randomBot(agg.table.view(agg.state, seat), agg.table.legalMoves(agg.state, seat), rng);
    agg = await service.move({ gameId: agg.id, token: tokens[seat], move });
    commands++;
  }
  return { id: agg.id, events: events.get(agg.id) ?? 0, commands, ended: agg.state.ended };
}
