/**
 * The kit's DynamoDB client for the embedded store (test/kit/server.ts, dynamo.ts): the SDK's own
 * client, every request built, sent and parsed as in production, but not signed, and handed to the
 * embedded server's request listener in-process rather than over a loopback socket.
 *
 * Not signed: the embedded store checks only that an Authorization header of the right shape is
 * there, never the signature, and SigV4 (a SHA-256 of each body, HMACs each request) cost ~5% of the
 * CPU of two store-heavy files (games.e2e and every-finished-game-verifies, both ways at once at load
 * ~20: 36.1 → 34.3 s). `localClient` (npm start, the AWS-like paths, a store that checks its access
 * key: test/store/embedded-credentials.e2e.test.ts) still signs, over HTTP.
 *
 * In-process: Node's HTTP client and server on both ends of a socket (headers written and parsed,
 * sockets pooled) cost about a quarter of each store call's CPU (PutItem, GetItem, UpdateItem, 8 at
 * a time: ~540 → ~370 µs a call). dynalite sees the same method, path, headers and body, and answers
 * through the same listener; the server still listens on `endpoint` for every other client. A call
 * made once the server has closed fails as a refused connection would, and the server's close waits
 * for the calls under way (as it waits for open requests over HTTP: dynalite closes its database
 * after, and an action cut off midway would throw out of the process).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { HttpRequest, HttpResponse } from '@smithy/types';
import { OPEN_CREDENTIALS } from '../../services/store/embedded-credential.js';
import type { EmbeddedDynamo } from '../../services/store/index.js';

/** Shaped as dynalite checks it (algorithm, Credential, SignedHeaders, Signature, with a date header); nothing is computed. */
const AUTHORIZATION = `AWS4-HMAC-SHA256 Credential=${OPEN_CREDENTIALS.accessKeyId}/20260101/local/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`;

/** Each server's calls under way (its close waits for them), and whether it is closing (a new call is refused). */
interface Line {
  calls: Set<Promise<unknown>>;
  closing: boolean;
}
const lines = new WeakMap<Server, Line>();

function lineOf(server: Server): Line {
  const known = lines.get(server);
  if (known) return known;
  const line: Line = { calls: new Set(), closing: false };
  lines.set(server, line);
  const close = server.close;
  server.close = function (this: Server, cb?: (err?: Error) => void) {
    line.closing = true;
    void (async () => {
      while (line.calls.size) await Promise.allSettled([...line.calls]);
      close.call(this, cb);
    })();
    return this;
  } as Server['close'];
  return line;
}

/** A request handler for the SDK that gives each request to `server`'s request listener, in this process. */
function inProcess(server: Server) {
  const listener = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
  const line = lineOf(server);
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    destroy() {},
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    handle(request: HttpRequest): Promise<{ response: HttpResponse }> {
      if (line.closing || !server.listening) return Promise.reject(Object.assign(new Error(`connect ECONNREFUSED (the embedded store has closed)`), { code: 'ECONNREFUSED' }));
      const call = new Promise<{ response: HttpResponse }>((resolve) => {
        const query = new URLSearchParams(request.query as Record<string, string>).toString();
        const req = Object.assign(new EventEmitter(), {
          method: request.method,
          url: request.path + (query ? `?${query}` : ''),
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
        });
        const headers: Record<string, string> = {};
        const res = {
          statusCode: 200,
          setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
          end: (body?: string) => resolve({ response: { statusCode: res.statusCode, headers, body: Readable.from([Buffer.from(body ?? '', 'utf8')]) } }),
        };
        listener(req as unknown as IncomingMessage, res as unknown as ServerResponse);
        // The body arrives after the listener is on, as a socket's would.
        queueMicrotask(() => {
          const body = request.body as string | Uint8Array | undefined;
          if (body !== undefined) req.emit('data', typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
          req.emit('end');
        });
      });
      line.calls.add(call);
      void call.finally(() => line.calls.delete(call));
      return call;
    },
  };
}

export function loopbackClient(store: string | Pick<EmbeddedDynamo, 'endpoint' | 'server'>): DynamoDBClient {
  const endpoint = typeof store === 'string' ? store : store.endpoint;
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: OPEN_CREDENTIALS,
    signer: {
      sign: async (request: HttpRequest) => {
        request.headers['x-amz-date'] = '20260101T000000Z';
        request.headers['authorization'] = AUTHORIZATION;
        return request;
      },
    },
    ...(typeof store !== 'string' && { requestHandler: inProcess(store.server) as never }),
  });
}
