/**
 * Logs: one JSON line per request (method, path, status, time) at info, server faults at error.
 * A client's refusal is not a server fault: mercurius logs refused subscriptions at error, so
 * the logger lowers any error whose every item carries one of our refusal codes to info.
 * LOG_LEVEL sets the level (info locally; warn on Lambda, where API Gateway logs requests).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
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

/** The one line per request (Fastify's own two are turned off with disableRequestLogging). */
export const requestLog = fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onResponse', async (req, reply) => {
      const line = { method: req.method, path: req.url.split('?')[0]!.slice(0, 200), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
      // A 503 with Retry-After is load shed (BUSY), a refusal: at error level a process past
      // capacity would write a line per refusal just when it has the least time for it (issue 33).
      if (reply.statusCode >= 500 && !(reply.statusCode === 503 && reply.hasHeader('retry-after'))) req.log.error(line, 'request failed');
      else req.log.info(line, 'request');
    });
  },
  { name: 'parlor-request-log' },
);
