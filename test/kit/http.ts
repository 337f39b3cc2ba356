/**
 * The kit's HTTP client for its thousands of requests to the servers under test (server.ts's `gql` and
 * `rest`, child-server.ts's `gql`): node:http over keep-alive connections, not fetch. Node 20's
 * fetch spent 0.8–1.9 ms of CPU more per request than node:http on kept-alive connections (a
 * round trip of `{ __typename }` to the kit's server, the server's work included, in turn in one
 * process, 2,000 requests a round at load ~20: fetch 1,067–2,647 µs, node:http 231–758 µs).
 * It is still a real request on a real socket to the listening server, with fetch's `accept` and
 * `user-agent` (the server stores a device's user agent; it reads none of fetch's other defaults).
 */
import { Agent, request } from 'node:http';

/** One pool for the worker: idle sockets are unref'd, and dropped before the server's keep-alive timeout (its hint). */
const agent = new Agent({ keepAlive: true });

/** Of fetch's default headers, the ones the server may read; a test's own headers win. */
const DEFAULT_HEADERS = { accept: '*/*', 'user-agent': 'node' };

/** Sends one request; resolves with the status and the body as text (errors as fetch's: the socket's). */
export function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, agent, headers: { ...DEFAULT_HEADERS, ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
