/**
 * The bounded line to the store (store/gate.ts): past `concurrency` calls at once a call waits,
 * past `queue` waiting it is refused with StoreBusy (BUSY to the client) instead of joining the
 * SDK's unbounded queue. Calls are held by an endpoint that never answers: ordering, not timing.
 */
import { createServer, type Socket } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { asAppError } from '../../services/app/errors.js';
import { gateStore, StoreBusy } from '../../services/store/gate.js';

describe('the line to the store', () => {
  it('runs at most `concurrency` calls, lines up at most `queue`, and refuses the next with BUSY', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => void sockets.push(s)); // takes every request and never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const client = new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
    const gate = gateStore(client, { concurrency: 2, queue: 1 });
    const call = () => client.send(new GetItemCommand({ TableName: 'tbl', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }));
    const held = [call(), call(), call()].map((p) => p.catch((e: unknown) => e));
    await vi.waitFor(() => expect([gate.running, gate.waiting]).toEqual([2, 1]));
    const refused = await call().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreBusy);
    expect(asAppError(refused)?.code).toBe('BUSY');
    // The endpoint goes away: the calls held fail, and their slots are given back.
    for (const s of sockets) s.destroy();
    silent.close();
    await Promise.all(held);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
    client.destroy();
  });
});
