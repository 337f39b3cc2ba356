/**
 * What every resolver module shares: the handle a `Game` field is resolved from, the caller's
 * context, the subscription topic, and `guarded` (service refusals as GraphQL errors with a code).
 */
import mercurius, { type MercuriusContext } from 'mercurius';
import type { Viewer } from '../../engine/core/index.js';
import type { Aggregate } from '../../app/aggregate.js';
import { asAppError } from '../../app/errors.js';
import type { Credential } from '../../app/service.js';

export interface GameHandle {
  agg: Aggregate;
  viewer: Viewer;
}

/** The caller's credential (seat token or verified player), from the HTTP header or the WebSocket connection_init payload. */
export interface ParlorContext extends MercuriusContext {
  token?: Credential;
  /** The raw bearer token. */
  bearer?: string;
}

export const topic = (gameId: string) => `game:${gameId}`;

/** Turns service refusals into GraphQL errors with a stable extensions.code. */
function refusal(e: unknown): never {
  const known = asAppError(e);
  if (known) throw new mercurius.ErrorWithProps(known.message, { code: known.code });
  throw e;
}

export async function guarded<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (e) {
    refusal(e);
  }
}
