/**
 * graphql-transport-ws, the protocol the `graphql-ws` client speaks (and mercurius serves
 * locally): the messages a client may send, checked, and the ones the server sends.
 * https://github.com/enisdenjo/graphql-ws/blob/master/PROTOCOL.md
 */
import type { ExecutionResult, FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import { count, logger } from '../observability.js';

export const SUBPROTOCOL = 'graphql-transport-ws';
/** API Gateway's limit for one WebSocket message (and one PostToConnection). */
export const MAX_MESSAGE_BYTES = 128 * 1024;

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

export type ServerMessage =
  | { type: 'connection_ack' }
  /** Not in the protocol: what mercurius sends before closing a refused connection; clients see it as the reason. */
  | { type: 'connection_error'; payload: GraphQLFormattedError }
  | { type: 'pong' }
  | { type: 'next'; id: string; payload: FormattedExecutionResult | ExecutionResult }
  | { type: 'error'; id: string; payload: readonly GraphQLFormattedError[] }
  | { type: 'complete'; id: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, ok: (v: unknown) => boolean) => v === undefined || v === null || ok(v);

/** The message in a WebSocket frame, or null when it breaks the protocol (the server then closes the socket). */
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

/**
 * The frame to send. A `next` over API Gateway's limit is replaced by an error result that
 * says so (the client can select fewer fields, e.g. drop `history`, or read the game over HTTP).
 */
export function encode(message: ServerMessage): string {
  const data = JSON.stringify(message);
  const bytes = Buffer.byteLength(data);
  if (bytes <= MAX_MESSAGE_BYTES || message.type !== 'next') return data;
  count('PayloadsTooLarge');
  logger.warn('an update over the WebSocket message limit was replaced by an error', { bytes, id: message.id });
  const payload = {
    errors: [
      {
        message: `this update is ${bytes} bytes, over the ${MAX_MESSAGE_BYTES}-byte WebSocket message limit: select fewer fields (e.g. without history) or query the game over HTTP`,
        extensions: { code: 'BAD_INPUT' },
      },
    ],
  };
  return JSON.stringify({ type: 'next', id: message.id, payload });
}
