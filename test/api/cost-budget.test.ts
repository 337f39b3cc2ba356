/**
 * The GraphQL cost budget per client address a second (services/api/limits/cost-budget.ts):
 * the largest allowed read sent again and again is refused once its client has spent its budget
 * (429 RATE_LIMITED with Retry-After), while another address is served; time refills it. Real
 * server on loopback, two source addresses (127.0.0.1 and 127.0.0.2); the server's clock is a
 * manual one, so the budget refills only when the test moves time.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { catalogBomb } from '../../bench/catalog-cost.js';
import { ManualClock } from '../kit/manual-clock.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock, limits: { costPerSecond: 1000, costBurst: 4000 } });
const FIVE = catalogBomb(5); // 5 aliases of the whole catalog: cost 1,470, under the 2,000 a request

/** POSTs a GraphQL query from `from` (a loopback source address). */
function post(query: string, from: string): Promise<{ status: number; retryAfter?: string; body: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}/graphql`);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

describe('a GraphQL cost budget per client a second', () => {
  it('refuses the largest allowed read past the budget with 429 RATE_LIMITED and Retry-After; another client is served; time refills it', async () => {
    const answered = [await post(FIVE, '127.0.0.1'), await post(FIVE, '127.0.0.1')];
    for (const r of answered) expect(r.status, 'within the burst of 4,000').toBe(200);
    const over = await post(FIVE, '127.0.0.1');
    expect(over.status).toBe(429);
    expect(over.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(over.body.data ?? null).toBeNull();
    // 1,060 left of 4,000: 410 more needed at 1,000 a second.
    expect(over.retryAfter).toBe('1');
    expect((await post('{ gameTypes { id } }', '127.0.0.1')).status, 'a cheap read still fits what is left').toBe(200);

    const other = await post(FIVE, '127.0.0.2');
    expect(other.status, 'another address has its own budget').toBe(200);

    clock.lag(1000); // the first client's bucket refills by 1,000
    expect((await post(FIVE, '127.0.0.1')).status).toBe(200);
    expect((await post(FIVE, '127.0.0.1')).status, 'and is spent again').toBe(429);
  });

  it('a refused request costs nothing: waiting what Retry-After says is enough', async () => {
    clock.lag(10_000); // every bucket full again
    const from = '127.0.0.3';
    expect((await post(FIVE, from)).status).toBe(200);
    expect((await post(FIVE, from)).status).toBe(200);
    let refused = await post(FIVE, from);
    for (let i = 0; i < 5; i++) refused = await post(FIVE, from); // refusals take nothing from the bucket
    expect(refused.status).toBe(429);
    clock.lag(Number(refused.retryAfter) * 1000);
    expect((await post(FIVE, from)).status).toBe(200);
  });
});
