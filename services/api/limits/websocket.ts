/**
 * The WebSocket door (graphql-transport-ws), watched from the socket's side before mercurius
 * reads a message: a socket must send connection_init within `connectionInitMs` (else 4408),
 * must not subscribe before it (4401) nor send it twice (4429) nor reuse an active
 * subscription's id (4409, which mercurius lets pass), must send string credentials
 * if it sends any (4400), must send only well-formed messages (4400; mercurius would answer
 * an error and keep the socket), and may hold at most `subscriptionsPerSocket` subscriptions
 * (the next one is refused with BAD_INPUT, checked in `subscriptionSlot`). The rules, codes
 * and reasons are graphql-transport-ws.ts's, which the Lambda routes follow too.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import websocket from '@fastify/websocket';
import mercurius from 'mercurius';
import type { FastifyInstance } from 'fastify';
import type { Limits } from './settings.js';
import { socketsPerClient } from './sockets-per-client.js';
import { CLOSE, credentialProblem, LEGACY_SUBPROTOCOL, parseClientMessage, tooManySubscriptions, type Close } from './graphql-transport-ws.js';

interface SocketState {
  initialised: boolean;
  /** ids of subscriptions the client started and neither side has completed yet, with their variables */
  active: Map<string, Record<string, unknown> | undefined>;
  /**
   * ids of subscriptions that arrived with every slot taken: decided in the order they arrive
   * (the hook that refuses them runs later, when earlier refusals may or may not have been sent).
   */
  over: Map<string, Record<string, unknown> | undefined>;
}

/** Each socket's state, found again from the upgrade request mercurius hands to its hooks. */
const sockets = new WeakMap<IncomingMessage, SocketState>();

type AnyMessage = { type?: unknown; id?: unknown; payload?: unknown };

function parse(data: unknown): AnyMessage | null {
  try {
    const value = JSON.parse(String(data));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function watch(socket: WebSocket, request: IncomingMessage, limits: Limits): void {
  const state: SocketState = { initialised: false, active: new Map(), over: new Map() };
  sockets.set(request, state);
  const close = (c: Close) => socket.close(c.code, c.reason);
  const timer = setTimeout(() => close(CLOSE.initTimeout), limits.connectionInitMs);
  socket.once('close', () => clearTimeout(timer));
  // The legacy protocol's messages are another set: only graphql-transport-ws sockets are held to its grammar.
  const strict = socket.protocol !== LEGACY_SUBPROTOCOL;
  socket.on('message', (data) => {
    const message: AnyMessage | null = strict ? parseClientMessage(String(data)) : parse(data);
    if (!message) return strict ? close(CLOSE.malformed) : undefined;
    if (message.type === 'connection_init') {
      if (state.initialised) return close(CLOSE.tooManyInits);
      state.initialised = true;
      clearTimeout(timer);
      const problem = credentialProblem(message.payload as Record<string, unknown> | undefined);
      if (problem) close(problem);
    } else if (message.type === 'subscribe') {
      if (!state.initialised) return close(CLOSE.unauthorized);
      if (typeof message.id === 'string' && state.active.has(message.id)) return close(CLOSE.subscriberExists(message.id));
      const variables = (message.payload as { variables?: unknown } | undefined)?.variables;
      if (typeof message.id !== 'string') return;
      // Over the allowance: refused by subscriptionSlot, and given no slot (a burst of 25 runs exactly 20).
      (state.active.size >= limits.subscriptionsPerSocket ? state.over : state.active).set(message.id, variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : undefined);
    } else if (message.type === 'complete' && typeof message.id === 'string') {
      state.active.delete(message.id);
    }
  });
  // The server ends a subscription with `complete` or `error`: its slot is free again.
  const send = socket.send.bind(socket);
  socket.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data === 'string' && (data.startsWith('{"type":"complete"') || data.startsWith('{"type":"error"'))) {
      const id = parse(data)?.id;
      if (typeof id === 'string') (state.active.delete(id), state.over.delete(id));
    }
    return (send as (...args: unknown[]) => void)(data, ...rest);
  }) as typeof socket.send;
}

/** Registers the WebSocket server (mercurius reuses it) with a message size cap, and watches every socket. */
export async function websocketLimits(app: FastifyInstance, limits: Limits): Promise<void> {
  await app.register(websocket, { options: { maxPayload: limits.maxWsMessageBytes } });
  socketsPerClient(app, limits);
  app.websocketServer.on('connection', (socket: WebSocket, request: IncomingMessage) => watch(socket, request, limits));
}

type HookContext = { request?: { raw?: IncomingMessage } };
const stateOf = (context: HookContext) => (context.request?.raw ? sockets.get(context.request.raw) : undefined);

/** The variables a subscription was started with (mercurius's hooks are not given them). */
export const subscriptionVariables = (context: HookContext, id: unknown): Record<string, unknown> | undefined =>
  typeof id === 'string' ? (stateOf(context)?.active.get(id) ?? stateOf(context)?.over.get(id)) : undefined;

/**
 * mercurius hook: refuses a subscription beyond the socket's allowance, and one over its client's
 * per-minute allowance (each subscription counts as a request: a socket is no way around the rate limit).
 */
export function subscriptionSlot(limits: Limits, overClientLimit: (ip: string) => boolean) {
  return async (_schema: unknown, _document: unknown, context: HookContext, id?: unknown) => {
    const state = stateOf(context);
    if (state && typeof id === 'string' && state.over.delete(id)) {
      const { message, code } = tooManySubscriptions(limits.subscriptionsPerSocket);
      throw new mercurius.ErrorWithProps(message, { code });
    }
    const ip = context.request?.raw?.socket?.remoteAddress;
    if (ip !== undefined && overClientLimit(ip)) throw new mercurius.ErrorWithProps('too many requests', { code: 'RATE_LIMITED' });
  };
}
