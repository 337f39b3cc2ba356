/**
 * graphql-transport-ws, the protocol the `graphql-ws` client speaks (and mercurius serves
 * locally): the messages the server sends through API Gateway. What a client may send is
 * checked by the rules both servers share (api/limits/graphql-transport-ws.ts).
 * https://github.com/enisdenjo/graphql-ws/blob/master/PROTOCOL.md
 */
import type { ExecutionResult, FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { Close } from '../../api/limits/graphql-transport-ws.js';
import { count, logger } from '../observability.js';

/** API Gateway's limit for one WebSocket message (and one PostToConnection). */
export const MAX_MESSAGE_BYTES = 128 * 1024;

export type ServerMessage =
  | { type: 'connection_ack' }
  /** Not in the protocol: what mercurius sends before closing a refused connection; clients see it as the reason. */
  | { type: 'connection_error'; payload: GraphQLFormattedError }
  | { type: 'pong' }
  | { type: 'next'; id: string; payload: FormattedExecutionResult | ExecutionResult }
  | { type: 'error'; id: string; payload: readonly GraphQLFormattedError[] }
  | { type: 'complete'; id: string };

/**
 * The frame sent just before a DeleteConnection, which cannot carry a close code: the code
 * and reason the local server closes with, in the shape mercurius gives a refused connection.
 */
export const closingFrame = (close: Close): ServerMessage => ({
  type: 'connection_error',
  payload: { message: close.reason, extensions: { code: close.error, closeCode: close.code } },
});

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
