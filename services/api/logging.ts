/**
 * Logs: one JSON line per request (method, path, status, time) at info, server faults at error.
 * A client's refusal is not a server fault: mercurius logs refused subscriptions at error, so
 * the logger lowers any error whose every item carries one of our refusal codes to info.
 * LOG_LEVEL sets the level (info locally; warn on Lambda, where API Gateway logs requests).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ERROR_CODES } from '../app/errors.js';

const REFUSALS = new Set<string>(ERROR_CODES);
const isRefusal = (item: unknown): boolean => REFUSALS.has((item as { extensions?: { code?: unknown } } | null)?.extensions?.code as string);

/** Whether a log call's first argument is only client refusals (a GraphQL error or a list of them). */
export const onlyRefusals = (arg: unknown): boolean => (Array.isArray(arg) ? arg.length > 0 && arg.every(isRefusal) : isRefusal(arg));

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    hooks: {
      logMethod(args, method, levelValue) {
        if (levelValue >= 50 && onlyRefusals(args[0])) return this.info({ refusals: args[0] }, 'request refused');
        return method.apply(this, args as Parameters<typeof method>);
      },
    },
  };
}

/**
 * The one line per request (Fastify's own two are turned off with disableRequestLogging). At warn
 * (Lambda, where API Gateway logs each request) only failures are written, and no line is built
 * for the rest: building it cost every request an object, a string and a promise (issue 33 item 5).
 */
export const requestLog = fp(
  async function requestLog(app: FastifyInstance) {
    // pino's loggers say whether info is on; Fastify's null logger (no logger) writes nothing anyway.
    const everyRequest = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;
    const line = (req: FastifyRequest, reply: FastifyReply) => ({ method: req.method, path: req.url.split('?')[0]!.slice(0, 200), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 });
    app.addHook('onResponse', (req, reply, done) => {
      // A 503 with Retry-After is load shed (BUSY), a refusal: at error level a process past
      // capacity would write a line per refusal just when it has the least time for it (issue 33).
      if (reply.statusCode >= 500 && !(reply.statusCode === 503 && reply.hasHeader('retry-after'))) req.log.error(line(req, reply), 'request failed');
      else if (everyRequest) req.log.info(line(req, reply), 'request');
      done();
    });
  },
  { name: 'parlor-request-log' },
);
