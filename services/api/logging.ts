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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const enabled = (logger: FastifyBaseLogger, level: Level) => (logger as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? true;

/**
 * A request's logger, made when it first writes a line. Fastify makes a pino child per request
 * (its bindings serialised), yet at warn (Lambda) almost no request writes one: that child was
 * ~10 µs of every move's CPU (issue 33 item 5). A line at a level the logger writes makes the
 * child, with the same bindings (the request's id), so lines read as before.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return (this.#made ?? this.parent).level;
  }
  set level(level: string) {
    this.made.level = level;
  }
  private write(level: Level, args: unknown[]): void {
    const to = this.#made ?? (enabled(this.parent, level) ? this.made : undefined);
    if (to) (to[level] as (...a: unknown[]) => void).apply(to, args);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a route with a level or serializers of its own gets its child at once. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return options.level !== undefined || options.serializers !== undefined ? logger.child(bindings, options) : new RequestLogger(logger, bindings, options);
}
