/**
 * Every door's limit in one place, with the environment variables that change them.
 * `npm start` and the Lambda handler read them with `limitsFromEnv`; tests pass their own.
 */
export interface Limits {
  /** Requests per minute from one client address (every route, WebSocket upgrades included). */
  perClientPerMinute: number;
  /** Requests per minute carrying one seat token (a client cannot hide behind many addresses). */
  perTokenPerMinute: number;
  /**
   * REST moves (POST /v1/games/:id/moves with a token) per minute from one client address, counted
   * here instead of in perClientPerMinute, so one client can play a game at full speed (issue #37: a
   * 4-seat game took ~1,200 requests in 20 s). Still bounded: by this, by each token's
   * perTokenPerMinute, and by the requests in flight.
   */
  movesPerClientPerMinute: number;
  /** Games one client address may create per minute (GraphQL and REST). */
  createsPerMinute: number;
  /** Seats one client address may take per minute (joinGame, anonymous or as players): one client cannot fill the lobby. */
  joinsPerMinute: number;
  /** Seats one player (or, joining anonymously, one client address) may hold at once in games not yet started. */
  seatsInOpenGames: number;
  /** Players one client address may register per hour (registerPlayer, POST /v1/players): throwaway accounts farm ratings (docs/ratings.md). */
  registrationsPerHour: number;
  /** Device link codes one client address may try per minute (redeemDeviceLink): guessing one takes lifetimes. */
  deviceLinkTriesPerMinute: number;
  /** Longest GraphQL document, in characters; longer ones are refused before parsing. */
  maxQueryChars: number;
  /** Most tokens the GraphQL parser reads before giving up. */
  maxQueryTokens: number;
  /** Deepest selection nesting. */
  maxDepth: number;
  /** Most aliased fields in one document. */
  maxAliases: number;
  /** Highest cost of one operation (graphql-query-complexity: each field 1, lists and histories more). */
  maxCost: number;
  /**
   * GraphQL cost one client address may spend a second (limits/cost-budget.ts); over it, 429 with
   * Retry-After. Unless set, 50 a request the per-client rate allows (1,200 a minute: 1,000 a second).
   */
  costPerSecond: number;
  /** Cost a client may save up and spend at once (a page's first reads); unless set, 4 s of costPerSecond, at least 2 × maxCost. */
  costBurst: number;
  /** Largest GraphQL response body, in bytes; a larger answer is replaced by a BAD_INPUT error. */
  maxResponseBytes: number;
  /** Parsed documents kept by mercurius (twice: valid and invalid ones); each is at most maxQueryChars. */
  queryCacheEntries: number;
  /** Active subscriptions on one WebSocket. */
  subscriptionsPerSocket: number;
  /** How long a WebSocket may wait before sending connection_init (then 4408). */
  connectionInitMs: number;
  /** Largest WebSocket message, in bytes. */
  maxWsMessageBytes: number;
  /** WebSockets one client address may hold open at once (each costs memory for as long as it lives). */
  socketsPerClient: number;
  /** Bytes an NDJSON stream holds for a reader that does not read; past it the stream is cut (the client opens it again). */
  streamBufferBytes: number;
  /** Requests one client address may have in flight at once (the next is refused with 429 until one ends). */
  requestsInFlightPerClient: number;
  /** Requests the whole process works on at once, every client together (the next waits in line: requestsQueued). */
  requestsInFlight: number;
  /** Requests waiting for one of those slots, first come first served; past it a request is refused with 503 BUSY (limits/busy.ts). */
  requestsQueued: number;
  /** How long a request waits in that line before it is refused with 503 BUSY instead. */
  queueWaitMs: number;
  /** GraphiQL, /docs, introspection and the meta-schema check of our route schemas: on for development, off in production. */
  devTools: boolean;
  /** Origins allowed by CORS (none by default: same-origin only). */
  corsOrigins: string[];
}

export const DEFAULT_LIMITS: Limits = {
  perClientPerMinute: 1200,
  perTokenPerMinute: 600,
  movesPerClientPerMinute: 6000,
  createsPerMinute: 30,
  deviceLinkTriesPerMinute: 10,
  registrationsPerHour: 10,
  joinsPerMinute: 20,
  seatsInOpenGames: 10,
  maxQueryChars: 16 * 1024,
  maxQueryTokens: 3000,
  maxDepth: 16,
  maxAliases: 30,
  maxCost: 2000,
  costPerSecond: 1000,
  costBurst: 4000,
  maxResponseBytes: 2 * 1024 * 1024,
  queryCacheEntries: 256,
  subscriptionsPerSocket: 20,
  connectionInitMs: 10_000,
  maxWsMessageBytes: 64 * 1024,
  socketsPerClient: 50,
  streamBufferBytes: 1024 * 1024,
  requestsInFlightPerClient: 8,
  requestsInFlight: 64,
  requestsQueued: 512,
  queueWaitMs: 5_000,
  devTools: true,
  corsOrigins: [],
};

/** The cost budget that goes with a per-client rate: 50 cost units (a game read is 34, a move 43) for each request a second. */
const costPerSecondFor = (perClientPerMinute: number) => (perClientPerMinute / 60) * 50;
const costBurstFor = (costPerSecond: number, maxCost: number) => Math.max(2 * maxCost, 4 * costPerSecond);

const number = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/**
 * RATE_LIMIT_PER_MINUTE, GRAPHQL_COST_PER_SECOND, GRAPHQL_COST_BURST, RATE_LIMIT_PER_TOKEN_PER_MINUTE, MOVES_PER_MINUTE, CREATES_PER_MINUTE, JOINS_PER_MINUTE, SEATS_IN_OPEN_GAMES, DEVICE_LINK_TRIES_PER_MINUTE, REGISTRATIONS_PER_HOUR, WEBSOCKETS_PER_CLIENT, REQUESTS_IN_FLIGHT_PER_CLIENT, REQUESTS_IN_FLIGHT,
 * CORS_ORIGINS (comma-separated), DEV_TOOLS (on|off; default off when NODE_ENV=production).
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): Limits {
  const production = env.NODE_ENV === 'production';
  const perClientPerMinute = number(env.RATE_LIMIT_PER_MINUTE, DEFAULT_LIMITS.perClientPerMinute);
  const costPerSecond = number(env.GRAPHQL_COST_PER_SECOND, costPerSecondFor(perClientPerMinute));
  return {
    ...DEFAULT_LIMITS,
    perClientPerMinute,
    costPerSecond,
    costBurst: number(env.GRAPHQL_COST_BURST, costBurstFor(costPerSecond, DEFAULT_LIMITS.maxCost)),
    perTokenPerMinute: number(env.RATE_LIMIT_PER_TOKEN_PER_MINUTE, DEFAULT_LIMITS.perTokenPerMinute),
    movesPerClientPerMinute: number(env.MOVES_PER_MINUTE, DEFAULT_LIMITS.movesPerClientPerMinute),
    createsPerMinute: number(env.CREATES_PER_MINUTE, DEFAULT_LIMITS.createsPerMinute),
    deviceLinkTriesPerMinute: number(env.DEVICE_LINK_TRIES_PER_MINUTE, DEFAULT_LIMITS.deviceLinkTriesPerMinute),
    registrationsPerHour: number(env.REGISTRATIONS_PER_HOUR, DEFAULT_LIMITS.registrationsPerHour),
    joinsPerMinute: number(env.JOINS_PER_MINUTE, DEFAULT_LIMITS.joinsPerMinute),
    seatsInOpenGames: number(env.SEATS_IN_OPEN_GAMES, DEFAULT_LIMITS.seatsInOpenGames),
    socketsPerClient: number(env.WEBSOCKETS_PER_CLIENT, DEFAULT_LIMITS.socketsPerClient),
    streamBufferBytes: number(env.STREAM_BUFFER_BYTES, DEFAULT_LIMITS.streamBufferBytes),
    requestsInFlightPerClient: number(env.REQUESTS_IN_FLIGHT_PER_CLIENT, DEFAULT_LIMITS.requestsInFlightPerClient),
    requestsInFlight: number(env.REQUESTS_IN_FLIGHT, DEFAULT_LIMITS.requestsInFlight),
    requestsQueued: number(env.REQUESTS_QUEUED, DEFAULT_LIMITS.requestsQueued),
    queueWaitMs: number(env.QUEUE_WAIT_MS, DEFAULT_LIMITS.queueWaitMs),
    devTools: env.DEV_TOOLS === undefined ? !production : env.DEV_TOOLS === 'on',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}

/** `given` over the defaults; the cost budget, unless given, follows the per-client rate (a raised rate raises it too). */
export const resolveLimits = (given: Partial<Limits> = {}): Limits => {
  const limits = { ...DEFAULT_LIMITS, ...given };
  const costPerSecond = given.costPerSecond ?? costPerSecondFor(limits.perClientPerMinute);
  return { ...limits, costPerSecond, costBurst: given.costBurst ?? costBurstFor(costPerSecond, limits.maxCost) };
};
