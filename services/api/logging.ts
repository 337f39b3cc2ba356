/**
 * Logs: one JSON line per request (method, path, status, time) at info, server faults at error.
 * A client's refusal is not a server fault: mercurius logs refused subscriptions at error, so
 * the logger lowers any error whose every item carries one of our refusal codes to info.
 * LOG_LEVEL sets the level (info locally; warn on Lambda, where API Gateway logs requests).
 */
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
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

/**
 * Each request's logger (`request.log`), made when it first writes: Fastify gives every request a
 * pino child with its request id, and at warn (Lambda) almost no request writes a line. Making the
 * child on every request cost submitMove ~0.07× of the floor's CPU (bench/write-path-cpu.ts,
 * issue 33 item 5). The methods Fastify requires of a logger are the class's own; a child
 * written to once is pino's, with the same bindings, options and hooks.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.real.fatal as (...a: unknown[]) => void)(...args);
  }

  error(...args: unknown[]): void {
    (this.real.error as (...a: unknown[]) => void)(...args);
  }

  warn(...args: unknown[]): void {
    (this.real.warn as (...a: unknown[]) => void)(...args);
  }

  info(...args: unknown[]): void {
    (this.real.info as (...a: unknown[]) => void)(...args);
  }

  debug(...args: unknown[]): void {
    (this.real.debug as (...a: unknown[]) => void)(...args);
  }

  trace(...args: unknown[]): void {
    (this.real.trace as (...a: unknown[]) => void)(...args);
  }

  silent(...args: unknown[]): void {
    (this.real.silent as (...a: unknown[]) => void)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger made on its first line (RequestLogger). */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
