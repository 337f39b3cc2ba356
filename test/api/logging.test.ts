/** Logs through a real server: one line per request (with its request id), client refusals never at error level. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../services/api/logging.js';
import { highCard } from '../kit/high-card.js';
import { subscribe, useServer } from '../kit/server.js';

const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const server = useServer({ games: [highCard], logger: { ...loggerOptions('info'), stream } as never });

describe('request logs', () => {
  it('writes one info line per request, with its request id, method, path, status and time', async () => {
    lines.length = 0;
    await server.gql('{ gameTypes { id } }');
    await server.rest('GET', '/v1/games/no-such-game');
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ level: 30, reqId: expect.any(String), method: 'POST', path: '/graphql', status: 200, ms: expect.any(Number) }),
      expect.objectContaining({ level: 30, reqId: expect.any(String), method: 'GET', path: '/v1/games/no-such-game', status: 404 }),
    ]);
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('logs a refused subscription at info, not error', async () => {
    lines.length = 0;
    const sub = subscribe(server.ws('not-a-token'), `subscription { gameUpdated(gameId: "nope") { id } }`, {});
    await sub.until(1).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(JSON.stringify(sub.failure ?? sub.messages)).toMatch(/UNAUTHENTICATED|NOT_FOUND/);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.msg === 'request refused')).toBe(true);
  });
});

describe("a request's logger", () => {
  it('is made on its first line at a level written, with the request id; a line below the level makes nothing', async () => {
    const { default: Fastify } = await import('fastify');
    const { requestLogger } = await import('../../services/api/logging.js');
    const written: Record<string, unknown>[] = [];
    // Fastify's own pino, as the app's requests get it.
    const parent = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void written.push(JSON.parse(line)) } } }).log;
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof parent.child;
    const log = requestLogger(parent, { reqId: 'req-7' }, {});
    log.info({ a: 1 }, 'not written');
    log.debug('not written either');
    expect(children).toBe(0);
    log.warn({ b: 2 }, 'written');
    log.error('written too');
    expect(children).toBe(1);
    expect(written).toEqual([expect.objectContaining({ level: 40, reqId: 'req-7', b: 2, msg: 'written' }), expect.objectContaining({ level: 50, reqId: 'req-7', msg: 'written too' })]);
    expect(log.level).toBe('warn');
  });
});
