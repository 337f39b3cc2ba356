/**
 * A client address may have only `requestsInFlightPerClient` requests in flight at once
 * (issue 26 finding 3): the next is refused with 429 RATE_LIMITED and Retry-After, and a slot is
 * free again once a request ends. Requests are held in flight by sending their body slowly over
 * raw sockets, so the count is by ordering, not by timing. Only the API counts (/graphql, /v1):
 * the page and its static files are served while the API is at its cap.
 */
import { describe, expect, it } from 'vitest';
import { heldRequest } from '../kit/held-request.js';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';
import { until } from '../kit/webhook-receiver.js';

const server = useServer({ games: [highCard], limits: { requestsInFlightPerClient: 3 } });

const BODY = JSON.stringify({ query: '{ gameTypes { id } }' });

const held = () => heldRequest(server.url, 'POST', '/graphql', BODY);

const post = () => fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });

describe('requests in flight per client address', () => {
  it('refuses the request past the cap with 429 RATE_LIMITED and Retry-After, and takes it again once one in flight ends', async () => {
    const open = [await held(), await held(), await held()];
    // The server has taken all three (each answer waits on its body): the fourth is over the cap.
    await until(async () => (await post()).status === 429);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
    open[0]!.finish();
    expect(await open[0]!.answer).toMatch(/^HTTP\/1\.1 200/);
    const again = await post();
    expect(again.status).toBe(200);
    for (const h of open.slice(1)) h.finish();
    for (const h of open.slice(1)) expect(await h.answer).toMatch(/^HTTP\/1\.1 200/);
    expect((await post()).status).toBe(200);
  });

  it('counts only API requests: with the cap held, /v1 is refused while the page and its files are served', async () => {
    const open = [await held(), await held(), await held()];
    await until(async () => (await post()).status === 429);
    const rest = await fetch(`${server.url}/v1/games`);
    expect(rest.status).toBe(429);
    expect((await rest.json()).error.code).toBe('RATE_LIMITED');
    for (const path of ['/', '/app.css', '/sw.js']) expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    for (const h of open) h.finish();
    for (const h of open) expect(await h.answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
