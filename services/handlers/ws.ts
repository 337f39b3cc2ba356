/**
 * API Gateway WebSocket API routes ($connect, $default, $disconnect) speaking
 * graphql-transport-ws, so the same `graphql-ws` client works here and against the local
 * server (mercurius). Lambda holds no sockets: the connection and its subscriptions live in
 * DynamoDB (ws/connections.ts), every frame to the client is a PostToConnection, and later
 * versions of a game reach subscribers from the stream consumer (stream.ts).
 *
 * Where the protocol closes a socket with a 44xx code, API Gateway can only close it
 * (DeleteConnection, no custom code): the reason is logged and counted instead.
 */
import type { Context } from 'aws-lambda';
import { bearer } from '../api/errors.js';
import { asAppError } from '../app/errors.js';
import { once, parlorFromEnv, type Parlor } from './env.js';
import { count, instrumented, logger } from './observability.js';
import type { Gateway } from './ws/gateway.js';
import { encode, parseClientMessage, SUBPROTOCOL, type ClientMessage, type ServerMessage } from './ws/protocol.js';
import { realtime, type Realtime } from './ws/realtime.js';

/** The parts of an API Gateway WebSocket event the routes read. */
export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string; domainName: string; stage: string };
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
  send(message: ServerMessage): Promise<'sent' | 'gone'>;
  /** Closes the socket for breaking the protocol (where the protocol would send close code 44xx). */
  violation(reason: string): Promise<WebSocketResult>;
}

/** The routes; `endpoint` overrides the management endpoint read from each event. */
export function wsHandler(rt: Realtime, options: { endpoint?: string } = {}) {
  const { connections, updates, fanout, parlor } = rt;

  async function connectionInit(s: Session, message: Extract<ClientMessage, { type: 'connection_init' }>): Promise<WebSocketResult> {
    const token = tokenOf(message.payload);
    const refusal = token === undefined ? null : await checkToken(parlor, token);
    if (refusal) {
      count('ConnectionsRefused');
      logger.info('connection refused', { connectionId: s.connectionId, code: refusal.extensions.code });
      await s.send({ type: 'connection_error', payload: refusal });
      await s.gateway.close(s.connectionId);
      return OK;
    }
    if (!(await connections.open({ connectionId: s.connectionId, token }))) return s.violation('too many initialisation requests'); // 4429
    await s.send({ type: 'connection_ack' });
    return OK;
  }

  async function subscribe(s: Session, message: Extract<ClientMessage, { type: 'subscribe' }>): Promise<WebSocketResult> {
    const { connectionId } = s;
    const connection = await connections.get(connectionId);
    if (!connection) return s.violation('subscribe before connection_ack'); // 4401
    const started = await updates.start(message.payload, await parlor.play.players.credential(connection.token));
    if (!started.ok) {
      count('SubscriptionsRefused');
      await s.send({ type: 'error', id: message.id, payload: started.errors });
      return OK;
    }
    if (!(await connections.reserve(connectionId, message.id, started.gameId))) return s.violation(`subscriber for ${message.id} already exists`); // 4409
    // The game now, before the stream consumer can know of the subscriber: no update overtakes it.
    if ((await s.send({ type: 'next', id: message.id, payload: started.first })) === 'gone') {
      await connections.close(connectionId);
      return OK;
    }
    const sub = { connectionId, id: message.id, gameId: started.gameId, seat: started.seat, operation: message.payload, sentVersion: started.version };
    await connections.addSubscriber(sub);
    count('SubscriptionsStarted');
    // A move that landed between the first read and addSubscriber went to no one: send it now.
    const latest = await parlor.service.load(started.gameId);
    if (latest.version > started.version) await fanout.deliver(sub, latest, s.gateway);
    return OK;
  }

  return async (event: WebSocketEvent): Promise<WebSocketResult> => {
    const { routeKey, connectionId, domainName, stage } = event.requestContext;

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
    const s: Session = {
      connectionId,
      gateway,
      send: (message) => gateway.post(connectionId, encode(message)),
      async violation(reason) {
        count('ProtocolViolations');
        logger.warn('closing the connection', { connectionId, reason });
        await gateway.close(connectionId);
        return OK;
      },
    };
    const body = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    const message = parseClientMessage(body);
    if (!message) return s.violation('invalid message'); // 4400

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

/** The token a client put in connection_init: { authorization: "Bearer …" } or { token: "…" }, read as the local server reads it. */
function tokenOf(payload: Record<string, unknown> | null | undefined): string | undefined {
  return typeof payload?.token === 'string' ? payload.token : bearer(payload?.authorization ?? payload?.Authorization);
}

function headerOf(event: WebSocketEvent, name: string): string | undefined {
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === name) return v;
  return undefined;
}

/**
 * Refuses a token that opens nothing: a player token must verify; a seat token's game (its
 * readable prefix, see app/tokens.ts) must exist and the token must be that seat's. Null when good.
 */
async function checkToken(parlor: Parlor, token: string): Promise<{ message: string; extensions: { code: string } } | null> {
  const credential = await parlor.play.players.credential(token);
  if (typeof credential === 'object') return 'refused' in credential ? { message: credential.refused, extensions: { code: 'UNAUTHENTICATED' } } : null;
  try {
    const agg = await parlor.service.load(token.split('.')[0] ?? '');
    parlor.service.seatOf(agg, token);
    return null;
  } catch (e) {
    const known = asAppError(e);
    if (!known) throw e;
    // A token for no game is a made-up token: it is told no more than a forged one.
    return { message: known.code === 'NOT_FOUND' ? 'invalid seat token' : known.message, extensions: { code: known.code === 'NOT_FOUND' ? 'UNAUTHENTICATED' : known.code } };
  }
}

const ready = once(async () => wsHandler(realtime(parlorFromEnv()), { endpoint: process.env.WS_ENDPOINT }));
// On Lambda, build during the init phase: before the first request, and unseen on pre-initialised environments.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) await ready();

export const handler = instrumented('ws', async (event: WebSocketEvent, _context: Context) => (await ready())(event));
