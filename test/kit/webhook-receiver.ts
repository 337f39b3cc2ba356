/** A real HTTP webhook receiver on loopback that records every delivery and answers as told. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's bytes (a Web Push message is binary). */
  raw: Buffer;
  path: string;
  at: number;
}

/** `answer(n)` gives the status of the n-th delivery (0-based); null: never answer it. */
export function useReceiver(answer: (n: number) => number | null = () => 204) {
  const held: import('node:http').ServerResponse[] = [];
  /** `release()` answers every delivery held so far (null answers) with 204. */
  const r = { url: '', received: [] as Received[], release: () => held.splice(0).forEach((res) => ((res.statusCode = 204), res.end())) };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const n = r.received.length;
      const raw = Buffer.concat(chunks);
      r.received.push({ headers: req.headers, body: raw.toString(), raw, path: req.url ?? '', at: Date.now() });
      const status = answer(n);
      if (status === null) return void held.push(res); // hangs until the sender gives up (or release)
      res.statusCode = status;
      res.end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));
  return r;
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A receiver that answers 200 and then streams its body as `stream` says (a slow drip, an
 * endless flood), until the sender closes the socket; it counts the connections closed on it
 * and the bytes it managed to write.
 */
export function useStreamingReceiver(stream: (write: (chunk: Buffer) => boolean, onDrain: (go: () => void) => void) => () => void) {
  const r = { url: '', received: 0, closed: 0, written: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      r.received++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      const stop = stream(
        (chunk) => ((r.written += chunk.length), res.write(chunk)),
        (go) => res.once('drain', go),
      );
      res.on('close', () => (stop(), r.closed++));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));
  return r;
}
