/**
 * API Gateway WebSocket API routes ($connect, $default, $disconnect) speaking
 * graphql-transport-ws, so the same `graphql-ws` client works here and against the local
 * server (mercurius). Lambda holds no sockets: the connection and its subscriptions live in
 * DynamoDB (ws/connections.ts), every frame to the client is a PostToConnection, and later
 * versions of a game, and changes of a player's inbox, reach subscribers from the stream consumer (stream.ts).
 *
 * The protocol's rules are the local server's (api/limits/graphql-transport-ws.ts). Where it
 * closes a socket with a 44xx code, API Gateway can only close it (DeleteConnection, seen as
 * 1000): the code and reason go first, in a `connection_error` frame (ws/protocol.ts closingFrame).
 * No timer runs per socket: the init window is checked when the next frame arrives (docs/limits.md).
 */
import type { Context } from 'aws-lambda';
import { asAppError } from '../app/errors.js';
import { CLOSE, connectionToken, credentialProblem, parseClientMessage, SUBPROTOCOL, tooManySubscriptions, type ClientMessage, type Close } from '../api/limits/graphql-transport-ws.js';
import { once, parlorFromEnv, type Parlor } from './env.js';
import { count, instrumented, logger, type MetricName } from './observability.js';
import type { Connection } from './ws/connections.js';
import type { Gateway } from './ws/gateway.js';
import { closingFrame, encode, type ServerMessage } from './ws/protocol.js';
import { realtime, type Realtime } from './ws/realtime.js';

/** The parts of an API Gateway WebSocket event the routes read. */
export interface WebSocketEvent {
  requestContext: {
    routeKey: string;
    connectionId: string;
    domainName: string;
    stage: string;
    /** When the socket was opened and when this frame arrived, ms since the epoch, both by API Gateway's clock. */
    connectedAt?: number;
    requestTimeEpoch?: number;
  };
  headers?: Record<string, string | undefined>;
  body?: string | null;
  isBase64Encoded?: boolean;
}

export interface WebSocketResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

const OK: WebSocketResult = { statusCode: 200 };

/** One frame's view of its connection. */
interface Session {
  connectionId: string;
  gateway: Gateway;
  /** The acknowledged connection, read once per frame; null before connection_ack. */
  connection(): Promise<Connection | null>;
  send(message: ServerMessage): Promise<'sent' | 'gone'>;
  /** Closes the socket as the protocol says (`close`'s code and reason sent first, see ws/protocol.ts closingFrame). */
  close(close: Close, metric?: MetricName): Promise<WebSocketResult>;
}

/** The routes; `endpoint` overrides the management endpoint read from each event. */
export function wsHandler(rt: Realtime, options: { endpoint?: string } = {}) {
  const { connections, updates, fanout, parlor, limits } = rt;

  async function connectionInit(s: Session, message: Extract<ClientMessage, { type: 'connection_init' }>): Promise<WebSocketResult> {
    const problem = credentialProblem(message.payload);
    if (problem) return s.close(problem);
    const token = connectionToken(message.payload);
    const refusal = token === undefined ? null : await checkToken(parlor, token);
    if (refusal) return s.close(refusal, 'ConnectionsRefused');
    if (!(await connections.open({ connectionId: s.connectionId, token }))) return s.close(CLOSE.tooManyInits);
    await s.send({ type: 'connection_ack' });
    return OK;
  }

  async function subscribe(s: Session, message: Extract<ClientMessage, { type: 'subscribe' }>): Promise<WebSocketResult> {
    const { connectionId } = s;
    const connection = await s.connection();
    if (!connection) return s.close(CLOSE.unauthorized);
    // The slot first: a subscription over the allowance costs one conditional write, no game read.
    if (!(await connections.takeSlot(connectionId, limits.subscriptionsPerSocket))) {
      const { message: refusal, code } = tooManySubscriptions(limits.subscriptionsPerSocket);
      return refuse(s, message.id, [{ message: refusal, extensions: { code } }]);
    }
    let started: Awaited<ReturnType<typeof updates.start>>;
    try {
      started = await updates.start(message.payload, await parlor.play.players.credential(connection.token));
    } catch (e) {
      await connections.freeSlot(connectionId);
      throw e;
    }
    if (!started.ok) {
      await connections.freeSlot(connectionId);
      return refuse(s, message.id, started.errors);
    }
    if (!(await connections.reserve(connectionId, message.id, started.topic))) {
      await connections.freeSlot(connectionId);
      return s.close(CLOSE.subscriberExists(message.id));
    }
    if (started.kind === 'player') {
      // myGames: the stream consumer sends the player's inbox changes from now on (nothing first, as locally).
      await connections.addSubscriber({ connectionId, id: message.id, topic: started.topic, seat: null, operation: message.payload });
      count('SubscriptionsStarted');
      return OK;
    }
    // The game now, before the stream consumer can know of the subscriber: no update overtakes it.
    if ((await s.send({ type: 'next', id: message.id, payload: started.first })) === 'gone') {
      await connections.close(connectionId);
      return OK;
    }
    const sub = { connectionId, id: message.id, topic: started.topic, seat: started.seat, operation: message.payload, sentVersion: started.version };
    await connections.addSubscriber(sub);
    count('SubscriptionsStarted');
    // A move that landed between the first read and addSubscriber went to no one: send it now.
    const latest = await parlor.service.load(started.gameId);
    if (latest.version > started.version) await fanout.deliver(sub, latest, s.gateway);
    return OK;
  }

  async function refuse(s: Session, id: string, errors: Extract<ServerMessage, { type: 'error' }>['payload']): Promise<WebSocketResult> {
    count('SubscriptionsRefused');
    await s.send({ type: 'error', id, payload: errors });
    return OK;
  }

  return async (event: WebSocketEvent): Promise<WebSocketResult> => {
    const { routeKey, connectionId, domainName, stage, connectedAt, requestTimeEpoch = Date.now() } = event.requestContext;

    if (routeKey === '$connect') {
      const offered = headerOf(event, 'sec-websocket-protocol')
        ?.split(',')
        .map((p) => p.trim());
      if (offered && !offered.includes(SUBPROTOCOL)) {
        count('ConnectionsRefused');
        return { statusCode: 400, body: `only the ${SUBPROTOCOL} subprotocol is served` };
      }
      count('ConnectionsOpened');
      // A client that asked for the subprotocol must hear it back, or its WebSocket fails the handshake.
      return offered ? { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': SUBPROTOCOL } } : OK;
    }
    if (routeKey === '$disconnect') {
      await connections.close(connectionId);
      return OK;
    }

    const gateway = rt.gateway(options.endpoint ?? `https://${domainName}/${stage}`);
    let connection: Promise<Connection | null> | undefined;
    const s: Session = {
      connectionId,
      gateway,
      connection: () => (connection ??= connections.get(connectionId)),
      send: (message) => gateway.post(connectionId, encode(message)),
      async close(close, metric = 'ProtocolViolations') {
        count(metric);
        logger.warn('closing the connection', { connectionId, closeCode: close.code, reason: close.reason });
        await gateway.post(connectionId, encode(closingFrame(close)));
        await gateway.close(connectionId);
        return OK;
      },
    };
    // Locally a timer closes a socket still uninitialised after the window; here its next frame is
    // answered so (a silent one is left to API Gateway's idle timeout). Only late frames pay the read.
    const late = connectedAt !== undefined && requestTimeEpoch - connectedAt > limits.connectionInitMs;
    if (late && !(await s.connection())) return s.close(CLOSE.initTimeout);

    const body = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    const message = parseClientMessage(body);
    if (!message) return s.close(CLOSE.malformed);

    switch (message.type) {
      case 'connection_init':
        return connectionInit(s, message);
      case 'subscribe':
        return subscribe(s, message);
      case 'complete':
        await connections.unsubscribe(connectionId, message.id);
        return OK;
      case 'ping':
        await s.send({ type: 'pong' });
        return OK;
      case 'pong':
        return OK;
    }
  };
}

function headerOf(event: WebSocketEvent, name: string): string | undefined {
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === name) return v;
  return undefined;
}

/**
 * Refuses a token that opens nothing: a player token must verify; a seat token's game (its
 * readable prefix, see app/tokens.ts) must exist and the token must be that seat's. Null when good.
 */
async function checkToken(parlor: Parlor, token: string): Promise<Close | null> {
  const credential = await parlor.play.players.credential(token);
  if (typeof credential === 'object') return 'refused' in credential ? CLOSE.forbidden(credential.refused, 'UNAUTHENTICATED') : null;
  try {
    const agg = await parlor.service.load(token.split('.')[0] ?? '');
    parlor.service.seatOf(agg, token);
    return null;
  } catch (e) {
    const known = asAppError(e);
    if (!known) throw e;
    // A token for no game is a made-up token: it is told no more than a forged one.
    return known.code === 'NOT_FOUND' ? CLOSE.forbidden('invalid seat token', 'UNAUTHENTICATED') : CLOSE.forbidden(known.message, known.code);
  }
}

const ready = once(async () => wsHandler(realtime(parlorFromEnv()), { endpoint: process.env.WS_ENDPOINT }));
// On Lambda, build during the init phase: before the first request, and unseen on pre-initialised environments.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) await ready();

export const handler = instrumented('ws', async (event: WebSocketEvent, _context: Context) => (await ready())(event));
