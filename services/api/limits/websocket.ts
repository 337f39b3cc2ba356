/**
 * The WebSocket door (graphql-transport-ws), watched from the socket's side before mercurius
 * reads a message: a socket must send connection_init within `connectionInitMs` (else 4408),
 * must not subscribe before it (4401) nor send it twice (4429), must send a string
 * `authorization` if it sends one (4400), and may hold at most `subscriptionsPerSocket`
 * subscriptions (the next one is refused with BAD_INPUT, checked in `subscriptionSlot`).
 * Close codes are the protocol's: https://github.com/enisdenjo/graphql-ws/blob/master/PROTOCOL.md
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import websocket from '@fastify/websocket';
import mercurius from 'mercurius';
import type { FastifyInstance } from 'fastify';
import type { Limits } from './settings.js';

interface SocketState {
  initialised: boolean;
  /** ids of subscriptions the client started and neither side has completed yet, with their variables */
  active: Map<string, Record<string, unknown> | undefined>;
}

/** Each socket's state, found again from the upgrade request mercurius hands to its hooks. */
const sockets = new WeakMap<IncomingMessage, SocketState>();

function parse(data: unknown): { type?: unknown; id?: unknown; payload?: unknown } | null {
  try {
    const value = JSON.parse(String(data));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null; // mercurius answers malformed messages itself
  }
}

function watch(socket: WebSocket, request: IncomingMessage, limits: Limits): void {
  const state: SocketState = { initialised: false, active: new Map() };
  sockets.set(request, state);
  const timer = setTimeout(() => socket.close(4408, 'Connection initialisation timeout'), limits.connectionInitMs);
  socket.once('close', () => clearTimeout(timer));
  socket.on('message', (data) => {
    const message = parse(data);
    if (!message) return;
    if (message.type === 'connection_init') {
      if (state.initialised) return socket.close(4429, 'Too many initialisation requests');
      state.initialised = true;
      clearTimeout(timer);
      const auth = (message.payload as Record<string, unknown> | undefined)?.authorization;
      if (auth !== undefined && auth !== null && typeof auth !== 'string') socket.close(4400, 'authorization must be a string: "Bearer <token>"');
    } else if (message.type === 'subscribe') {
      if (!state.initialised) return socket.close(4401, 'Unauthorized');
      const variables = (message.payload as { variables?: unknown } | undefined)?.variables;
      if (typeof message.id === 'string') state.active.set(message.id, variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : undefined);
    } else if (message.type === 'complete' && typeof message.id === 'string') {
      state.active.delete(message.id);
    }
  });
  // The server ends a subscription with `complete` or `error`: its slot is free again.
  const send = socket.send.bind(socket);
  socket.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data === 'string' && (data.startsWith('{"type":"complete"') || data.startsWith('{"type":"error"'))) {
      const id = parse(data)?.id;
      if (typeof id === 'string') state.active.delete(id);
    }
    return (send as (...args: unknown[]) => void)(data, ...rest);
  }) as typeof socket.send;
}

/** Registers the WebSocket server (mercurius reuses it) with a message size cap, and watches every socket. */
export async function websocketLimits(app: FastifyInstance, limits: Limits): Promise<void> {
  await app.register(websocket, { options: { maxPayload: limits.maxWsMessageBytes } });
  app.websocketServer.on('connection', (socket: WebSocket, request: IncomingMessage) => watch(socket, request, limits));
}

type HookContext = { request?: { raw?: IncomingMessage } };
const stateOf = (context: HookContext) => (context.request?.raw ? sockets.get(context.request.raw) : undefined);

/** The variables a subscription was started with (mercurius's hooks are not given them). */
export const subscriptionVariables = (context: HookContext, id: unknown): Record<string, unknown> | undefined =>
  typeof id === 'string' ? stateOf(context)?.active.get(id) : undefined;

/** mercurius hook: refuses a subscription beyond the socket's allowance. */
export function subscriptionSlot(limits: Limits) {
  return async (_schema: unknown, _document: unknown, context: HookContext) => {
    const state = stateOf(context);
    if (state && state.active.size > limits.subscriptionsPerSocket) {
      throw new mercurius.ErrorWithProps(`at most ${limits.subscriptionsPerSocket} subscriptions per connection`, { code: 'BAD_INPUT' });
    }
  };
}
