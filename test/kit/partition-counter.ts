/**
 * Counts the writes each partition key takes, in the table and in the owner index, by a
 * middleware on the store's DynamoDB client: every Put, Update, Delete, BatchWrite and
 * TransactWrite is one write to its item's `pk` (a failed condition costs a write too), and,
 * when it succeeds, one write to each owner-index key (`gpk`) the item had before or has after
 * (moving between index keys is a delete and a put there).
 *
 * Each item's index key is known without a read where the write says it: the table's items are
 * read once when counting begins (one Scan), a Put's item carries its own, a Delete leaves none,
 * and an Update whose expression names no `gpk` leaves the one it found. Only an Update that sets
 * or removes `gpk` (or a batch that left items unprocessed) is read back, with a second client the
 * middleware does not see. Every write goes through the counted client (the app has one), so what
 * is known stays true. (Reading every item around every write cost 40% of the DynamoDB calls of
 * test/store/hot-partitions.e2e.test.ts.)
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
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

/** Whether an Update's expression may set or remove the index key (by name or through a placeholder). */
function touchesIndexKey(input: any): boolean {
  const names = Object.entries((input.ExpressionAttributeNames ?? {}) as Record<string, string>).filter(([, n]) => n === OWNER_INDEX.partition).map(([p]) => p);
  const expression = String(input.UpdateExpression ?? '');
  return input.AttributeUpdates !== undefined || new RegExp(`\\b${OWNER_INDEX.partition}\\b`).test(expression) || names.some((p) => expression.includes(p));
}

/** The index key each written item has after a successful write, where the command says it; `unknown` where it must be read. */
const UNKNOWN = Symbol('unknown');
function afterOf(command: string, input: any, before: (string | undefined)[]): (string | undefined | typeof UNKNOWN)[] {
  const gpk = (item: Record<string, any>) => plain(item)[OWNER_INDEX.partition] as string | undefined;
  if (/^Put(Item)?Command$/.test(command)) return [gpk(input.Item)];
  if (/^Delete(Item)?Command$/.test(command)) return [undefined];
  if (/^Update(Item)?Command$/.test(command)) return [touchesIndexKey(input) ? UNKNOWN : before[0]];
  if (/^BatchWrite(Item)?Command$/.test(command)) return Object.values(input.RequestItems as Record<string, any[]>).flat().map((r) => (r.PutRequest ? gpk(r.PutRequest.Item) : undefined));
  const writes = (input.TransactItems as any[]).filter((t) => t.Put || t.Update || t.Delete);
  return writes.map((t, i) => (t.Put ? gpk(t.Put.Item) : t.Delete ? undefined : touchesIndexKey(t.Update) ? UNKNOWN : before[i]));
}

export async function countPartitionWrites(client: DynamoDBClient, endpoint: string, tableName: string): Promise<PartitionCounts> {
  const side = localClient(endpoint);
  const doc = documentClient(side);
  const counts: PartitionCounts = { table: new Map(), index: new Map(), puts: [], stop: () => (client.middlewareStack.remove('countPartitionWrites'), side.destroy()) };
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const id = (k: Key) => `${k.pk}\u0000${k.sk}`;
  /** Each item's index key now (an item not here has none, or does not exist). */
  const known = new Map<string, string | undefined>();
  for (let start: Record<string, any> | undefined, first = true; first || start; first = false) {
    const page = await doc.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true, ProjectionExpression: 'pk, sk, #g', ExpressionAttributeNames: { '#g': OWNER_INDEX.partition } }));
    for (const item of page.Items ?? []) if (item[OWNER_INDEX.partition] !== undefined) known.set(id(item as Key), item[OWNER_INDEX.partition]);
    start = page.LastEvaluatedKey;
  }
  const gpk = async (k: Key) => (await doc.send(new GetCommand({ TableName: tableName, Key: k, ConsistentRead: true, ProjectionExpression: '#g', ExpressionAttributeNames: { '#g': OWNER_INDEX.partition } }))).Item?.[OWNER_INDEX.partition] as string | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      const keys = keysOf(command, args.input);
      if (keys === null) return next(args);
      for (const k of keys) add(counts.table, k.pk);
      const before = keys.map((k) => known.get(id(k)));
      const out = await next(args);
      const unprocessed = Object.values(((out as any).output?.UnprocessedItems ?? {}) as Record<string, unknown[]>).some((items) => items.length > 0);
      const said = unprocessed ? keys.map(() => UNKNOWN) : afterOf(command, args.input, before);
      const after = await Promise.all(keys.map((k, i) => (said[i] === UNKNOWN ? gpk(k) : (said[i] as string | undefined))));
      keys.forEach((k, i) => (after[i] === undefined ? known.delete(id(k)) : known.set(id(k), after[i])));
      keys.forEach((_, i) => new Set([before[i], after[i]].filter((g): g is string => g !== undefined)).forEach((g) => add(counts.index, g)));
      if (/^Put/.test(command)) counts.puts.push(plain((args.input as any).Item));
      return out;
    },
    { step: 'initialize', name: 'countPartitionWrites' },
  );
  return counts;
}
