/**
 * Counts the store's DynamoDB calls by kind (the command and the families of the keys it names:
 * `QueryCommand OUTBOX# <`, `GetCommand PLAYER# NOTIFY#DIGEST`), by a middleware on the store's
 * client. Each call is a paid request on AWS: a test prints these to show where its calls go.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** A key's family: its text up to and with the first `#` (shard numbers and ids dropped). */
const family = (value: unknown): string => {
  const s = typeof value === 'string' ? value : typeof value === 'object' && value && 'S' in value ? String((value as { S: unknown }).S) : String(value);
  const hash = s.indexOf('#');
  return hash < 0 ? (/^\d/.test(s) ? '<n>' : s) : s.slice(0, hash + 1);
};

function kindOf(command: string, input: any): string {
  const key = input.Key ?? input.Item;
  if (key) return `${command} ${family(key.pk)} ${family(key.sk)}`;
  if (input.KeyConditionExpression) {
    const values = Object.values((input.ExpressionAttributeValues ?? {}) as Record<string, unknown>);
    return `${command}${input.IndexName ? `(${input.IndexName})` : ''} ${family(values[0])}`;
  }
  if (input.RequestItems) {
    const requests = Object.values(input.RequestItems as Record<string, any>).flatMap((r) => (Array.isArray(r) ? r.map((w) => w.PutRequest?.Item ?? w.DeleteRequest?.Key) : r.Keys));
    return `${command} ${[...new Set(requests.map((k: any) => family(k.pk)))].join(',')}`;
  }
  return command;
}

export interface CallCounts {
  /** Calls by kind. */
  byKind: Map<string, number>;
  total(): number;
  /** The kinds, most calls first, one a line. */
  report(): string;
  stop(): void;
}

export function countCalls(client: DynamoDBClient): CallCounts {
  const name = `countCalls${Math.random()}`;
  const byKind = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const kind = kindOf(context.commandName ?? '', args.input);
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name },
  );
  const total = () => [...byKind.values()].reduce((a, b) => a + b, 0);
  return {
    byKind,
    total,
    report: () => [...byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${String(n).padStart(6)}  ${k}`).join('\n') + `\n${String(total()).padStart(6)}  in all`,
    stop: () => void client.middlewareStack.remove(name),
  };
}
