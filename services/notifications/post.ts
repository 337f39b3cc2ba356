/**
 * One webhook POST, through agents that refuse private and reserved addresses (SSRF): a
 * player's URL must not reach the server's own network (loopback, 10/8, 169.254.169.254, …).
 * The address is checked after the DNS lookup, at connect time, so a name that resolves to a
 * private address (or is re-pointed at one later) is refused too. Redirects are not followed.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface Poster {
  /** Null on a 2xx answer, else what went wrong (shown to the hook's owner as `lastError`). */
  (url: string, headers: Record<string, string>, body: string): Promise<string | null>;
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
        res.resume(); // the answer's body is not read
        const status = res.statusCode ?? 0;
        settle(status >= 200 && status < 300 ? null : `HTTP ${status}`);
      });
      // The whole attempt, from connecting to the answer's status line, has timeoutMs (a slow drip included).
      deadline = setTimeout(() => req.destroy(new TimeoutError()), options.timeoutMs);
      req.on('error', (e) => settle(e instanceof TimeoutError ? 'timed out' : /is not allowed/.test(e.message) ? 'address not allowed (private or reserved)' : 'could not connect'));
      req.end(body);
    });
}

class TimeoutError extends Error {}
