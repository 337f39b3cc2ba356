/**
 * Counts the writes each partition key takes, in the table and in the owner index, by a
 * middleware on the store's DynamoDB client: every Put, Update, Delete, BatchWrite and
 * TransactWrite is one write to its item's `pk` (a failed condition costs a write too), and,
 * when it succeeds, one write to each owner-index key (`gpk`) the item had before or has after
 * (moving between index keys is a delete and a put there). The index keys are read around the
 * write with a second client the middleware does not see (before it, only for an item not yet
 * written since counting began).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient } from '../../services/store/document-client.js';
import { localClient } from '../../services/store/index.js';
import { OWNER_INDEX } from '../../services/store/schema.js';

type Key = { pk: string; sk: string };
const plain = (item: Record<string, any>): Record<string, any> => (Object.values(item).some((v) => v && typeof v === 'object' && ('S' in v || 'N' in v)) ? unmarshall(item) : item);

/** The item keys a write command touches, or null for a command that writes nothing. */
function keysOf(command: string, input: any): Key[] | null {
  const key = (k: Record<string, any>) => {
    const p = plain(k);
    return { pk: p.pk, sk: p.sk };
  };
  if (/^Put(Item)?Command$/.test(command)) return [key(input.Item)];
  if (/^(Update|Delete)(Item)?Command$/.test(command)) return [key(input.Key)];
  if (/^BatchWrite(Item)?Command$/.test(command)) return Object.values(input.RequestItems as Record<string, any[]>).flat().map((r) => key(r.PutRequest?.Item ?? r.DeleteRequest.Key));
  if (/^TransactWrite(Items)?Command$/.test(command)) return (input.TransactItems as any[]).flatMap((t) => (t.Put ? [key(t.Put.Item)] : t.Update ? [key(t.Update.Key)] : t.Delete ? [key(t.Delete.Key)] : []));
  return null;
}

export interface PartitionCounts {
  /** Writes per table partition key. */
  table: Map<string, number>;
  /** Writes per owner-index partition key. */
  index: Map<string, number>;
  /** Items put, by table key (to count distinct deliveries and such). */
  puts: Record<string, any>[];
  stop(): void;
}

export function countPartitionWrites(client: DynamoDBClient, endpoint: string, tableName: string): PartitionCounts {
  const side = localClient(endpoint);
  const doc = documentClient(side);
  const counts: PartitionCounts = { table: new Map(), index: new Map(), puts: [], stop: () => (client.middlewareStack.remove('countPartitionWrites'), side.destroy()) };
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  /** Each item's index key as last read after a write here (saves reading it again before the next). */
  const known = new Map<string, string | undefined>();
  const id = (k: Key) => `${k.pk}\u0000${k.sk}`;
  const gpk = async (k: Key) => (await doc.send(new GetCommand({ TableName: tableName, Key: k, ConsistentRead: true, ProjectionExpression: '#g', ExpressionAttributeNames: { '#g': OWNER_INDEX.partition } }))).Item?.[OWNER_INDEX.partition] as string | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const keys = keysOf(context.commandName ?? '', args.input);
      if (keys === null) return next(args);
      for (const k of keys) add(counts.table, k.pk);
      const before = await Promise.all(keys.map((k) => (known.has(id(k)) ? known.get(id(k)) : gpk(k))));
      const out = await next(args);
      const after = await Promise.all(keys.map(gpk));
      keys.forEach((k, i) => known.set(id(k), after[i]));
      keys.forEach((_, i) => new Set([before[i], after[i]].filter((g): g is string => g !== undefined)).forEach((g) => add(counts.index, g)));
      if (/^Put/.test(context.commandName ?? '')) counts.puts.push(plain((args.input as any).Item));
      return out;
    },
    { step: 'initialize', name: 'countPartitionWrites' },
  );
  return counts;
}
