/**
 * Back-pressure (issue 26 §2, issue 33): the process takes at most `requestsInFlight` requests at
 * once, every client together; the next waits in a line of at most `requestsQueued`, first come
 * first served, and past it is refused at once with 503 BUSY and Retry-After, over GraphQL and
 * REST alike; a request is taken again once a request in flight ends. Requests are held in flight
 * by holding back their bodies (test/kit/held-request.ts): the count is by ordering, not timing.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loggerOptions } from '../../services/api/logging.js';
import { heldRequest } from '../kit/held-request.js';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';
import { until } from '../kit/webhook-receiver.js';

// The per-client cap is lifted: every request here comes from one address, and the process-wide bound is under test.
const server = useServer({ games: [highCard], limits: { requestsInFlight: 3, requestsQueued: 0, requestsInFlightPerClient: 100 } });

const BODY = JSON.stringify({ query: '{ gameTypes { id } }' });
const graphql = () => fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
const rest = () => fetch(`${server.url}/v1/game-types`);

describe('back-pressure: requests in flight for the whole process', () => {
  it('refuses a request over the bound with 503 BUSY and Retry-After on GraphQL and REST, and takes requests again once one in flight ends', async () => {
    const open = await Promise.all([1, 2, 3].map(() => heldRequest(server.url, 'POST', '/graphql', BODY)));
    onTestFinished(() => open.forEach((h) => h.socket.destroy())); // a failed run leaves none held
    // All three are taken (each waits on its body): the process is at its bound.
    await until(async () => (await rest()).status === 503);

    const refusedGraphql = await graphql();
    expect(refusedGraphql.status).toBe(503);
    expect(refusedGraphql.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect((await refusedGraphql.json()).errors[0].extensions.code).toBe('BUSY');
    const refusedRest = await rest();
    expect(refusedRest.status).toBe(503);
    expect(refusedRest.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    expect((await refusedRest.json()).error.code).toBe('BUSY');
    // A load balancer's health check still learns the process is alive.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    open[0]!.finish();
    expect(await open[0]!.answer).toMatch(/^HTTP\/1\.1 200/);
    expect((await rest()).status).toBe(200);
    for (const h of open.slice(1)) h.finish();
    for (const h of open.slice(1)) expect(await h.answer).toMatch(/^HTTP\/1\.1 200/);
    expect((await graphql()).status).toBe(200);
  });
});

describe('back-pressure: the line in front of the bound', () => {
  const lined = useServer({ games: [highCard], limits: { requestsInFlight: 2, requestsQueued: 2, queueWaitMs: 600_000, requestsInFlightPerClient: 100 } });
  const restAt = () => fetch(`${lined.url}/v1/game-types`);

  it('holds requests over the bound in a bounded line, serves them as slots free, and refuses BUSY only past the line', async () => {
    // Two take the slots, two wait in line (none is answered: their bodies are held back).
    const held = await Promise.all([1, 2, 3, 4].map(() => heldRequest(lined.url, 'POST', '/graphql', BODY)));
    onTestFinished(() => held.forEach((h) => h.socket.destroy()));
    // Until all four have arrived a probe may itself wait in line: it gives up and leaves the line.
    const probe = () => fetch(`${lined.url}/v1/game-types`, { signal: AbortSignal.timeout(300) }).then((r) => r.status, () => 0);
    await until(async () => (await probe()) === 503);
    const refused = await restAt();
    expect([refused.status, (await refused.json()).error.code]).toEqual([503, 'BUSY']);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    // Slots freed: the two in line are served, not refused.
    for (const h of held) h.finish();
    for (const h of held) expect(await h.answer).toMatch(/^HTTP\/1\.1 200/);
    expect((await restAt()).status).toBe(200);
  });
});

describe('back-pressure: when refused clients come back', () => {
  it('spreads Retry-After over the coming seconds at the rate the process takes comebacks, instead of sending every refusal back at once', async () => {
    const { retrySchedule } = await import('../../services/api/limits/busy.js');
    let now = 10_000_500; // a fixed clock: the schedule is by whole seconds
    const retryAfter = retrySchedule(() => 2, () => now);
    // Seven refusals in one second, two comebacks a second: 1, 1, 2, 2, 3, 3, 4.
    expect(Array.from({ length: 7 }, retryAfter)).toEqual([1, 1, 2, 2, 3, 3, 4]);
    // A second later, the seconds already booked stay booked: the next comebacks go after them.
    now += 1000;
    expect(Array.from({ length: 3 }, retryAfter)).toEqual([3, 4, 4]);
    // Never longer than 30 s, however many are refused.
    expect(Math.max(...Array.from({ length: 500 }, retryAfter))).toBe(30);
  });
});

describe('back-pressure: a refusal is not a server fault', () => {
  const lines: { level: number; msg: string; status?: number }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logged = useServer({ games: [highCard], logger: { ...loggerOptions('info'), stream } as never, limits: { requestsInFlight: 1, requestsQueued: 0, requestsInFlightPerClient: 100 } });

  it('logs a 503 BUSY at info: past capacity, a line per refusal at error level would be work and noise for nobody', async () => {
    const held = await heldRequest(logged.url, 'POST', '/graphql', BODY);
    onTestFinished(() => void held.socket.destroy());
    await until(async () => (await fetch(`${logged.url}/v1/game-types`)).status === 503);
    held.finish();
    await held.answer;
    const refusals = lines.filter((l) => l.status === 503);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((l) => l.level === 30)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
