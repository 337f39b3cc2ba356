/**
 * Back-pressure: a bound on the requests this process works on at once, every client together
 * (`requestsInFlight`), with a bounded line in front of it (`requestsQueued`). Past ~50 clients one
 * Node thread only queues more work than it finishes (throughput falls, GC rises), yet refusing at
 * once sends clients away for a whole Retry-After while the server could have served them a few ms
 * later (issue 33: 82 moves/s with 5,204 BUSY at 200 clients, against 136 without back-pressure).
 * So a request over the bound waits its turn, first come first served, before its body is read;
 * only when the line is full, or when it has waited `queueWaitMs`, is it refused with HTTP 503
 * `BUSY` and `Retry-After` (1 s, longer when refusals outpace answers: below). The line is as long as the process drains in about a second (its
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

export function backPressure(app: FastifyInstance, limits: Limits): void {
  let inFlight = 0;
  // FIFO: a Set keeps insertion order and drops a request whose client left in O(1).
  const line = new Set<Waiting>();
  let answered = 0;
  let refused = 0;
  let perSecond = limits.requestsQueued; // until measured, the configured bound
  let refusedPerSecond = 0;
  const sampler = setInterval(() => {
    perSecond = (1 - WEIGHT) * perSecond + WEIGHT * (answered * 1000) / SAMPLE_MS;
    refusedPerSecond = (1 - WEIGHT) * refusedPerSecond + WEIGHT * (refused * 1000) / SAMPLE_MS;
    answered = refused = 0;
  }, SAMPLE_MS).unref();
  // A refusal costs the process a request's parsing and an answer: when clients come back faster
  // than it serves them, they are told to wait as many seconds as it needs to serve them all
  // (at 1,000 clients, refusals every second took most of its CPU). 1 s when lightly over.
  const retryAfter = () => String(Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(refusedPerSecond / Math.max(perSecond, 1)))));
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
  const busy = (req: FastifyRequest, reply: FastifyReply, why: string) => {
    refused++;
    const wait = retryAfter();
    reply.header('retry-after', wait);
    return sendError(req, reply, 503, 'BUSY', `the server is busy (${why}): retry in ${wait} s`);
  };
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (exempt(req)) return done();
    const take = () => {
      inFlight++;
      // 'close' comes once for every answer: sent in full, or cut off with its connection.
      reply.raw.once('close', release);
      done();
    };
    if (inFlight < limits.requestsInFlight && line.size === 0) return take();
    if (line.size >= Math.min(limits.requestsQueued, lineBound())) return busy(req, reply, `${limits.requestsInFlight} requests in flight and ${line.size} waiting`);
    const waiting: Waiting = {
      admit: () => {
        if (waiting.timer) clearTimeout(waiting.timer);
        reply.raw.off('close', leave);
        take();
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
