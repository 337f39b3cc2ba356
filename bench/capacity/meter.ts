/**
 * Counts what a DynamoDB client asks of the table, in capacity units by DynamoDB's published rules,
 * so the capacity model (bench/capacity.ts) rests on what the code really does rather than on a
 * model of calls per move.
 *
 * A middleware on the client's stack sees every command with its marshalled input. Sizes come from
 * a second, uncounted "shadow" client on the same endpoint: before and after each write it reads the
 * item whole (so an UpdateItem is priced on the larger of its old and new item, a DeleteItem on what
 * it removed, and an index entry written, moved or removed is seen), and each read is repeated
 * without its projection or filter (DynamoDB prices the items it reads, not what it returns).
 *
 *   writes: 1 WCU per started KB of the item (min 1), also when a condition fails (then no index write);
 *           each global secondary index whose key the old or new item carries: 1 write of its entry
 *           (2 when the index key changes: a delete and a put); transactions count twice
 *   reads:  1 RCU per started 4 KB, strongly consistent; half of that eventually consistent
 *           (every index read); a Query or Scan page sums its items' sizes first; a miss costs the minimum
 *
 * Each operation is recorded with the partition key it fell on (and the index key for index
 * writes and reads), and with the context it ran in (AsyncLocalStorage: which function, which game).
 * Run one invocation at a time: the before/after reads are not atomic with other writers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GetItemCommand, QueryCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export type Item = Record<string, AttributeValue>;

/** The bytes DynamoDB counts for an item: each attribute's name plus its value. */
export function itemSize(item: Item | undefined): number {
  if (!item) return 0;
  let n = 0;
  for (const [name, value] of Object.entries(item)) n += Buffer.byteLength(name) + valueSize(value);
  return n;
}

function numberSize(n: string): number {
  // Up to 38 significant digits, two to a byte, plus one byte.
  const digits = n.replace(/^[-+]/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

export function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((n, s) => n + Buffer.byteLength(s), 0);
  if (v.NS) return v.NS.reduce((n, s) => n + numberSize(s), 0);
  if (v.BS) return v.BS.reduce((n, b) => n + b.byteLength, 0);
  // A list or map: 3 bytes, and 1 more per element (a map's also its names).
  if (v.L) return 3 + v.L.reduce((n, e) => n + 1 + valueSize(e), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((n, [k, e]) => n + 1 + Buffer.byteLength(k) + valueSize(e), 0);
  return 0;
}

export const writeUnits = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
export const readUnits = (bytes: number, consistent: boolean) => Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);

/** Where an operation ran: the function (as on AWS) and the game it worked for. */
export interface Scope {
  fn: string;
  game?: string;
  phase?: string;
}

export interface Op {
  command: string;
  fn: string;
  game?: string;
  phase?: string;
  /** 'table', or the index's name. */
  target: string;
  /** The partition key value (the index's, for an index). */
  key: string;
  rcu: number;
  wcu: number;
  /** Bytes of the item(s) priced. */
  bytes: number;
  /** The sort key of the one item a write priced. */
  sort?: string;
}

interface Keys {
  pk: string;
  sk?: string;
  indexes: { name: string; pk: string; sk?: string }[];
}

function keysOf(def: CreateTableCommandInput): Keys {
  const hash = (schema = def.KeySchema) => schema!.find((k) => k.KeyType === 'HASH')!.AttributeName!;
  const range = (schema = def.KeySchema) => schema!.find((k) => k.KeyType === 'RANGE')?.AttributeName;
  return { pk: hash(), sk: range(), indexes: (def.GlobalSecondaryIndexes ?? []).map((i) => ({ name: i.IndexName!, pk: hash(i.KeySchema), sk: range(i.KeySchema) })) };
}

const scalar = (v: AttributeValue | undefined) => (v === undefined ? undefined : (v.S ?? v.N ?? (v.B ? Buffer.from(v.B).toString('base64') : undefined)));

export class Meter {
  readonly ops: Op[] = [];
  readonly scope = new AsyncLocalStorage<Scope>();
  private readonly keys: Keys;

  /**
   * `table`: the definition deployed on AWS (its indexes are the ones priced; a local-only index is not).
   * `shadow`: an uncounted client on the same endpoint, for the sizes.
   */
  constructor(
    table: CreateTableCommandInput,
    private readonly shadow: DynamoDBClient,
  ) {
    this.keys = keysOf(table);
  }

  /** Runs `work` as function `fn` for `game`: every operation inside is recorded under them. */
  run<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    return this.scope.run(scope, work);
  }

  /** Counts every command `client` sends from now on (while `enabled` says so). */
  attach(client: DynamoDBClient, enabled: () => boolean = () => true): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!enabled()) return next(args);
        const command = String(context.commandName ?? '').replace(/Command$/, '');
        const input = args.input as Record<string, any>;
        return this.measure(command, input, () => next(args)) as ReturnType<typeof next>;
      },
      // After the document client's marshalling (before the serializer), so inputs are AttributeValues.
      { step: 'build', name: 'capacityMeter' },
    );
  }

  private record(command: string, target: string, key: string | undefined, rcu: number, wcu: number, bytes: number, sort?: string) {
    const s = this.scope.getStore() ?? { fn: 'unscoped' };
    this.ops.push({ command, fn: s.fn, game: s.game, phase: s.phase, target, key: key ?? '?', rcu, wcu, bytes, ...(sort !== undefined && { sort }) });
  }

  private async get(table: string, key: Item): Promise<Item | undefined> {
    return (await this.shadow.send(new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
  }

  private keyOf(item: Item): Item {
    const key: Item = { [this.keys.pk]: item[this.keys.pk]! };
    if (this.keys.sk) key[this.keys.sk] = item[this.keys.sk]!;
    return key;
  }

  /** One item written: the table's units, and each index entry the write touched. */
  private async priceWrite(command: string, table: string, key: Item, act: () => Promise<unknown>, factor = 1): Promise<unknown> {
    const before = await this.get(table, key);
    let result: unknown;
    let failed: unknown;
    try {
      result = await act();
    } catch (e) {
      failed = e;
    }
    const after = failed ? before : await this.get(table, key);
    const bytes = Math.max(itemSize(before), itemSize(after));
    this.record(command, 'table', scalar(key[this.keys.pk]), 0, writeUnits(bytes) * factor, bytes, this.keys.sk ? scalar(key[this.keys.sk]) : undefined);
    if (!failed) {
      for (const index of this.keys.indexes) {
        const was = scalar(before?.[index.pk]) !== undefined && (!index.sk || before?.[index.sk] !== undefined) ? before : undefined;
        const is = scalar(after?.[index.pk]) !== undefined && (!index.sk || after?.[index.sk] !== undefined) ? after : undefined;
        if (!was && !is) continue;
        const moved = was && is && (scalar(was[index.pk]) !== scalar(is[index.pk]) || (index.sk && scalar(was[index.sk]) !== scalar(is[index.sk])));
        if (was && (!is || moved)) this.record(command, index.name, scalar(was[index.pk]), 0, writeUnits(itemSize(was)) * factor, itemSize(was));
        if (is && (!was || moved)) this.record(command, index.name, scalar(is[index.pk]), 0, writeUnits(itemSize(is)) * factor, itemSize(is));
        if (was && is && !moved && itemSize(was) + itemSize(is) > 0 && JSON.stringify(was) !== JSON.stringify(is))
          this.record(command, index.name, scalar(is[index.pk]), 0, writeUnits(Math.max(itemSize(was), itemSize(is))) * factor, Math.max(itemSize(was), itemSize(is)));
      }
    }
    if (failed) throw failed;
    return result;
  }

  /** A Query or Scan page as DynamoDB reads it: the same keys, limit and start, no projection or filter. */
  private async pricePage(command: 'Query' | 'Scan', input: Record<string, any>): Promise<void> {
    const kept = [input.KeyConditionExpression ?? ''].join(' ');
    const used = (names: Record<string, unknown> | undefined) => (names ? Object.fromEntries(Object.entries(names).filter(([k]) => kept.includes(k))) : undefined);
    const names = used(input.ExpressionAttributeNames);
    const values = used(input.ExpressionAttributeValues);
    const bare = {
      TableName: input.TableName,
      IndexName: input.IndexName,
      KeyConditionExpression: input.KeyConditionExpression,
      ExpressionAttributeNames: names && Object.keys(names).length ? (names as Record<string, string>) : undefined,
      ExpressionAttributeValues: values && Object.keys(values).length ? (values as Item) : undefined,
      Limit: input.Limit,
      ExclusiveStartKey: input.ExclusiveStartKey,
      ScanIndexForward: input.ScanIndexForward,
      ConsistentRead: input.ConsistentRead,
    };
    const out = await this.shadow.send(command === 'Query' ? new QueryCommand(bare) : new ScanCommand(bare));
    const bytes = (out.Items ?? []).reduce((n, i) => n + itemSize(i), 0);
    const index = input.IndexName ? this.keys.indexes.find((i) => i.name === input.IndexName) : undefined;
    const pkName = index ? index.pk : this.keys.pk;
    this.record(command, input.IndexName ?? 'table', command === 'Query' ? partitionOfQuery(input, pkName) : '(scan)', readUnits(bytes, input.ConsistentRead === true && !index), 0, bytes);
  }

  private async measure(command: string, input: Record<string, any>, send: () => Promise<unknown>): Promise<unknown> {
    switch (command) {
      case 'PutItem':
        return this.priceWrite(command, input.TableName, this.keyOf(input.Item), send) as Promise<unknown>;
      case 'UpdateItem':
      case 'DeleteItem':
        return this.priceWrite(command, input.TableName, input.Key, send);
      case 'GetItem': {
        const out = await send();
        const item = await this.get(input.TableName, input.Key);
        this.record(command, 'table', scalar(input.Key[this.keys.pk]), readUnits(itemSize(item), input.ConsistentRead === true), 0, itemSize(item));
        return out;
      }
      case 'BatchGetItem': {
        const out = await send();
        for (const [table, req] of Object.entries(input.RequestItems as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>)) {
          for (const key of req.Keys) {
            const item = await this.get(table, key);
            this.record(command, 'table', scalar(key[this.keys.pk]), readUnits(itemSize(item), req.ConsistentRead === true), 0, itemSize(item));
          }
        }
        return out;
      }
      case 'Query':
      case 'Scan': {
        const out = await send();
        await this.pricePage(command, input);
        return out;
      }
      case 'BatchWriteItem': {
        // Priced one item at a time around the whole batch: before, the batch, after.
        const writes = Object.entries(input.RequestItems as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>).flatMap(([table, reqs]) =>
          reqs.map((r) => ({ table, key: r.PutRequest ? this.keyOf(r.PutRequest.Item) : r.DeleteRequest!.Key })),
        );
        return this.priceMany(command, writes, send);
      }
      case 'TransactWriteItems': {
        const writes = (input.TransactItems as Record<string, any>[]).flatMap((t) => {
          if (t.Put) return [{ table: t.Put.TableName, key: this.keyOf(t.Put.Item) }];
          if (t.Update) return [{ table: t.Update.TableName, key: t.Update.Key }];
          if (t.Delete) return [{ table: t.Delete.TableName, key: t.Delete.Key }];
          return [{ table: t.ConditionCheck.TableName, key: t.ConditionCheck.Key }];
        });
        return this.priceMany(command, writes, send, 2);
      }
      default:
        // Table administration (CreateTable, DescribeTable …) is not priced per request.
        return send();
    }
  }

  private async priceMany(command: string, writes: { table: string; key: Item }[], send: () => Promise<unknown>, factor = 1): Promise<unknown> {
    // Nest the writes so each item's before and after frame the one request.
    const run = (i: number): Promise<unknown> => (i === writes.length ? send() : this.priceWrite(command, writes[i]!.table, writes[i]!.key, () => run(i + 1), factor));
    return run(0);
  }
}

/** The partition key value a Query's key condition names (`pk = :v` or `#n = :v`). */
function partitionOfQuery(input: Record<string, any>, pkName: string): string | undefined {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Item;
  for (const m of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const name = m[1]!.startsWith('#') ? names[m[1]!] : m[1];
    if (name === pkName) return scalar(values[m[2]!]);
  }
  return undefined;
}
