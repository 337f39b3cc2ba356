/**
 * graphql-transport-ws as Parlor holds clients to it, one set of rules for both WebSocket
 * servers: the local one (websocket.ts, in front of mercurius) and the Lambda routes
 * (handlers/ws.ts). What a client may send, the close codes and reasons for breaking the
 * protocol, the token a connection_init carries, the refusal beyond the subscription allowance.
 * https://github.com/enisdenjo/graphql-ws/blob/master/PROTOCOL.md
 */
import { bearer } from '../errors.js';
import type { ErrorCode } from '../../app/errors.js';

export const SUBPROTOCOL = 'graphql-transport-ws';
/** The older subscriptions-transport-ws protocol, which mercurius also serves locally (its messages differ). */
export const LEGACY_SUBPROTOCOL = 'graphql-ws';

export interface SubscribePayload {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export type ClientMessage =
  | { type: 'connection_init'; payload?: Record<string, unknown> | null }
  | { type: 'ping'; payload?: unknown }
  | { type: 'pong'; payload?: unknown }
  | { type: 'subscribe'; id: string; payload: SubscribePayload }
  | { type: 'complete'; id: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, ok: (v: unknown) => boolean) => v === undefined || v === null || ok(v);

/** The message in a WebSocket frame, or null when it breaks the protocol (the server then closes with CLOSE.malformed). */
export function parseClientMessage(body: string | null | undefined): ClientMessage | null {
  let m: unknown;
  try {
    m = JSON.parse(body ?? '');
  } catch {
    return null;
  }
  if (!isObject(m)) return null;
  switch (m.type) {
    case 'connection_init':
      return optional(m.payload, isObject) ? (m as ClientMessage) : null;
    case 'ping':
    case 'pong':
      return m as ClientMessage;
    case 'subscribe': {
      const p = m.payload;
      const ok =
        typeof m.id === 'string' && m.id !== '' && isObject(p) && typeof p.query === 'string' && optional(p.variables, isObject) && optional(p.operationName, (v) => typeof v === 'string');
      return ok ? (m as ClientMessage) : null;
    }
    case 'complete':
      return typeof m.id === 'string' && m.id !== '' ? (m as ClientMessage) : null;
    default:
      return null;
  }
}

/** Why a server closes a socket: the protocol's close code, its reason, and the stable code Parlor gives the same refusal elsewhere. */
export interface Close {
  code: number;
  reason: string;
  error: ErrorCode;
}

export const CLOSE = {
  malformed: { code: 4400, reason: 'Invalid message received', error: 'BAD_INPUT' },
  authorizationNotString: { code: 4400, reason: 'authorization must be a string: "Bearer <token>"', error: 'BAD_INPUT' },
  tokenNotString: { code: 4400, reason: 'token must be a string', error: 'BAD_INPUT' },
  unauthorized: { code: 4401, reason: 'Unauthorized', error: 'UNAUTHENTICATED' },
  initTimeout: { code: 4408, reason: 'Connection initialisation timeout', error: 'BAD_INPUT' },
  tooManyInits: { code: 4429, reason: 'Too many initialisation requests', error: 'BAD_INPUT' },
  subscriberExists: (id: string): Close => ({ code: 4409, reason: `Subscriber for ${id} already exists`, error: 'BAD_INPUT' }),
  /** A token that opens nothing (the Lambda routes check it at connection_init; mercurius refuses the subscription instead). */
  forbidden: (reason: string, error: ErrorCode): Close => ({ code: 4403, reason, error }),
} as const satisfies Record<string, Close | ((...args: never[]) => Close)>;

/** The connection_init payload's credentials, if any is not a string (a silent spectator view would hide the mistake). */
export function credentialProblem(payload: Record<string, unknown> | null | undefined): Close | null {
  const present = (v: unknown) => v !== undefined && v !== null;
  if (present(payload?.token) && typeof payload?.token !== 'string') return CLOSE.tokenNotString;
  for (const key of ['authorization', 'Authorization']) if (present(payload?.[key]) && typeof payload?.[key] !== 'string') return CLOSE.authorizationNotString;
  return null;
}

/** The token a client put in connection_init: { authorization: "Bearer …" } or { token: "…" }; undefined for a spectator. */
export function connectionToken(payload: Record<string, unknown> | null | undefined): string | undefined {
  return typeof payload?.token === 'string' ? payload.token : bearer(payload?.authorization ?? payload?.Authorization);
}

/** The refusal of one subscription beyond the connection's allowance (the socket stays open; ending one frees a slot). */
export const tooManySubscriptions = (allowed: number) => ({ message: `at most ${allowed} subscriptions per connection`, code: 'BAD_INPUT' as const });
