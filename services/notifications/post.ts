/**
 * One webhook POST, through agents that refuse private and reserved addresses (SSRF): a
 * player's URL must not reach the server's own network (loopback, 10/8, 169.254.169.254, …).
 * The address is checked after the DNS lookup, at connect time, so a name that resolves to a
 * private address (or is re-pointed at one later) is refused too. Redirects are not followed.
 * The attempt is bounded as a whole exchange: `timeoutMs` from connecting to the answer's last
 * byte, and at most `MAX_ANSWER_BYTES` of the answer are read before the socket is closed, so a
 * receiver dripping or flooding its body cannot hold a socket or feed the server without end.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** The answer's body is not used: a few KiB is plenty for any honest receiver's acknowledgement. */
export const MAX_ANSWER_BYTES = 4096;

export interface Poster {
  /** Null on a 2xx answer, else what went wrong (shown to the hook's owner as `lastError`). */
  (url: string, headers: Record<string, string>, body: string | Uint8Array): Promise<string | null>;
}

export function webhookPoster(options: { privateAddresses: boolean; timeoutMs: number }): Poster {
  const filter = { allowPrivateIPAddress: options.privateAddresses, keepAlive: true };
  const agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) };
  return (url, headers, body) =>
    new Promise((resolve) => {
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      let deadline: NodeJS.Timeout | undefined;
      const settle = (error: string | null) => (clearTimeout(deadline), resolve(error));
      const req = send(target, { method: 'POST', agent: agents[target.protocol as keyof typeof agents], headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
        const status = res.statusCode ?? 0;
        const outcome = status >= 200 && status < 300 ? null : `HTTP ${status}`;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read <= MAX_ANSWER_BYTES) return;
          settle(outcome); // the status is the answer; the rest of an over-long body is not wanted
          req.destroy();
        });
        res.on('end', () => settle(outcome));
        res.on('error', () => {}); // the socket destroyed under the body: already settled
      });
      // The whole exchange, from connecting to the answer's last byte, has timeoutMs (a slow drip included).
      deadline = setTimeout(() => (resolve('timed out'), req.destroy()), options.timeoutMs);
      req.on('error', (e) => settle(/is not allowed/.test(e.message) ? 'address not allowed (private or reserved)' : 'could not connect'));
      req.end(body);
    });
}
