/**
 * A bounded line to the store: at most `concurrency` DynamoDB calls of this process at once (below
 * the SDK's 50 sockets, so the SDK's own unbounded queue never forms) and at most `queue` waiting;
 * a call past that is refused with `StoreBusy` (the api answers 503 BUSY). Issue 33: at 200 clients
 * the client had 2,500–5,900 requests queued and the process grew to 1 GiB.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export class StoreBusy extends Error {
  constructor(queue: number) {
    super(`the store is busy (${queue} calls waiting): retry in a second`);
    this.name = 'StoreBusy';
  }
}

export interface StoreGate {
  /** Calls running and waiting now (for benchmarks and tests). */
  readonly running: number;
  readonly waiting: number;
}

const gated = new WeakMap<DynamoDBClient, StoreGate>();

/** Puts the gate on `client` (once: a client gated already keeps its gate). */
export function gateStore(client: DynamoDBClient, { concurrency = 48, queue = 2048 }: { concurrency?: number; queue?: number } = {}): StoreGate {
  const existing = gated.get(client);
  if (existing) return existing;
  let running = 0;
  const line: (() => void)[] = [];
  const gate: StoreGate = {
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
  client.middlewareStack.add(
    (next) => async (args) => {
      if (running >= concurrency) {
        if (line.length >= queue) throw new StoreBusy(line.length);
        await new Promise<void>((resolve) => line.push(resolve));
      } else running++;
      try {
        return await next(args);
      } finally {
        // The slot passes straight to the next in line, or is given back.
        const nextInLine = line.shift();
        if (nextInLine) nextInLine();
        else running--;
      }
    },
    { step: 'initialize', name: 'parlorStoreGate', priority: 'high' },
  );
  gated.set(client, gate);
  return gate;
}
