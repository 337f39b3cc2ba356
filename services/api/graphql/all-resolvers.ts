/**
 * The resolvers of the whole schema (base and play-by-turn), as the Fastify app serves them and
 * the Lambda WebSocket routes run them (handlers/ws/updates.ts): one map, so both answer alike.
 */
import type { IResolvers } from 'mercurius';
import type { ParlorService } from '../../app/service.js';
import type { PlayApi } from '../../play-by-turn.js';
import { resolvers } from './resolvers.js';
import { playByTurnResolvers } from './play-by-turn.resolvers.js';
import type { ApiPart } from '../parts.js';

/** The base's resolvers and those of each concern in `parts` (services/modules). */
export function allResolvers(service: ParlorService, play: PlayApi, parts: readonly ApiPart[] = []): IResolvers {
  return [playByTurnResolvers(service, play), ...parts.flatMap((p) => (p.resolvers ? [p.resolvers(service, play)] : []))].reduce(merged, resolvers(service));
}

/** Two resolver maps as one, type by type. */
function merged(a: IResolvers, b: IResolvers): IResolvers {
  const out: Record<string, unknown> = { ...a };
  for (const [type, fields] of Object.entries(b)) out[type] = { ...(a[type] as object | undefined), ...(fields as object) };
  return out as IResolvers;
}
