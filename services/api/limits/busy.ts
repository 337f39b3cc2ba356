/**
 * Back-pressure: a bound on the requests this process works on at once, every client together
 * (`requestsInFlight`), with a bounded line in front of it (`requestsQueued`). Past ~50 clients one
 * Node thread only queues more work than it finishes (throughput falls, GC rises), yet refusing at
 * once sends clients away for a whole Retry-After while the server could have served them a few ms
 * later (issue 33: 82 moves/s with 5,204 BUSY at 200 clients, against 136 without back-pressure).
 * So a request over the bound waits its turn, first come first served, before its body is read;
 * only when the line is full, or when it has waited `queueWaitMs`, is it refused with HTTP 503
 * `BUSY` and `Retry-After` (spread over the coming seconds: `retrySchedule` below). The line is as long as the process drains in about a second (its
 * recent answers per second), between `requestsInFlight` and `requestsQueued`: a line longer than
 * that only makes requests wait until they time out, work for nobody (at 1,000 clients a fixed
 * line of 512 ran at 21 moves per CPU second against ~350 below saturation). A slot is given back when the answer is finished or its connection
 * closes; a waiting request whose connection closes leaves the line. WebSocket upgrades and the
 * NDJSON streams (bounded by socketsPerClient) and `/health` are not counted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http.js';
import type { Limits } from './settings.js';
import { isStream } from './streaming.js';
import { afterAnswer } from './after-answer.js';

const exempt = (req: FastifyRequest) => req.url === '/health' || req.raw.headers.upgrade?.toLowerCase() === 'websocket' || isStream(req);

interface Waiting {
  admit(): void;
  timer: NodeJS.Timeout | null;
}

/** How often the drain rate is sampled, and the weight of the newest sample. */
const SAMPLE_MS = 250;
const WEIGHT = 0.3;
/** The longest Retry-After given. */
const MAX_RETRY_AFTER_S = 30;
/**
 * The share of the process's answers per second that refused clients may come back with in any
 * one second. Every client refused in the same second used to get the same Retry-After and came
 * back at once: the line overflowed again and most were refused again, each refusal costing a
 * request's headers, hooks and answer (issue 33, 1,000 clients: 5.6 refusals per move played and
 * 187 moves per CPU second, against ~500 below saturation).
 */
const RETURN_SHARE = 0.25;

/**
 * Retry-After by a schedule of the coming seconds: a refusal is sent to the first second that
 * still has room (`perSecond()` returns each), so comebacks arrive spread at a rate the process
 * takes, and the wait grows with the crowd only as far as it must.
 */
export function retrySchedule(perSecond: () => number, now: () => number = Date.now): () => number {
  const size = MAX_RETRY_AFTER_S + 1;
  const second = new Float64Array(size).fill(-1);
  const booked = new Uint32Array(size);
  return () => {
    const room = Math.max(1, Math.ceil(perSecond()));
    const at = Math.floor(now() / 1000);
    for (let wait = 1; wait <= MAX_RETRY_AFTER_S; wait++) {
      const i = (at + wait) % size;
      if (second[i] !== at + wait) (second[i] = at + wait), (booked[i] = 0);
      if (booked[i]! < room) {
        booked[i]!++;
        return wait;
      }
    }
    return MAX_RETRY_AFTER_S;
  };
}

export function backPressure(app: FastifyInstance, limits: Limits): void {
  let inFlight = 0;
  // FIFO: a Set keeps insertion order and drops a request whose client left in O(1).
  const line = new Set<Waiting>();
  let answered = 0;
  let perSecond = limits.requestsQueued; // until measured, the configured bound
  const sampler = setInterval(() => {
    perSecond = (1 - WEIGHT) * perSecond + WEIGHT * (answered * 1000) / SAMPLE_MS;
    answered = 0;
  }, SAMPLE_MS).unref();
  const retryAfter = retrySchedule(() => RETURN_SHARE * perSecond);
  app.addHook('onClose', async () => clearInterval(sampler));
  const lineBound = () => Math.min(limits.requestsQueued, Math.max(limits.requestsInFlight, Math.round(perSecond)));
  const release = () => {
    answered++;
    inFlight--;
    const next = line.values().next();
    if (!next.done) {
      line.delete(next.value);
      next.value.admit();
    }
  };
  const take = (reply: FastifyReply, done: () => void) => {
    inFlight++;
    // 'close' comes once for every answer: sent in full, or cut off with its connection.
    afterAnswer(reply.raw, release);
    done();
  };
  const busy = (req: FastifyRequest, reply: FastifyReply, why: string) => {
    const wait = retryAfter();
    reply.header('retry-after', String(wait));
    return sendError(req, reply, 503, 'BUSY', `the server is busy (${why}): retry in ${wait} s`);
  };
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (exempt(req)) return done();
    // A free slot and no line (almost every request): taken at once, with no closure made for it (issue 33 item 5).
    if (inFlight < limits.requestsInFlight && line.size === 0) return take(reply, done);
    if (line.size >= Math.min(limits.requestsQueued, lineBound())) return busy(req, reply, `${limits.requestsInFlight} requests in flight and ${line.size} waiting`);
    const waiting: Waiting = {
      admit: () => {
        if (waiting.timer) clearTimeout(waiting.timer);
        reply.raw.off('close', leave);
        take(reply, done);
      },
      timer: null,
    };
    const leave = () => {
      if (waiting.timer) clearTimeout(waiting.timer);
      line.delete(waiting);
    };
    waiting.timer = setTimeout(() => {
      line.delete(waiting);
      reply.raw.off('close', leave);
      busy(req, reply, `waited ${limits.queueWaitMs} ms for one of ${limits.requestsInFlight} slots`);
    }, limits.queueWaitMs);
    reply.raw.once('close', leave);
    line.add(waiting);
  });
}
