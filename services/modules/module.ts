/**
 * What a concern adds to Parlor, in one value: its GraphQL SDL and resolvers and its REST routes
 * (the api's ApiPart), its reactions to commits, its settings and what it needs on AWS. The list
 * of them (./index.ts) is the one place a concern is registered: `npm start` (services/local.ts),
 * the Lambda handlers (services/handlers) and the CDK stack (infra/) are all built from it.
 */
import type { ApiPart } from '../api/parts.js';
import type { Reaction } from '../app/reactions.js';
import type { Projection } from '../app/projections.js';
import type { ParlorService } from '../app/service.js';
import type { NoticeSink } from '../notifications/channels.js';
import type { PlayApi } from '../play-by-turn.js';

/**
 * The deployed functions as far as their grants go (infra/bundle.ts HANDLERS, plus the export): http
 * is the API's functions (graphql and rest, one route group of the same app each, with the same
 * grants; the web function serves files and is granted nothing), ws its subscriptions, stream the reactions.
 */
export type FunctionName = 'http' | 'ws' | 'stream' | 'timer' | 'export';

/** What a concern's reactions are built from, the same on one machine and on AWS. */
export interface ModuleContext {
  service: ParlorService;
  play: PlayApi;
  /** Every notice through the player's channels (webhooks, push, the email digest). */
  notifier: NoticeSink;
}

/** A setting a concern reads from the environment (documented here, read by the concern's own code). */
export interface Setting {
  env: string;
  /** Its value when unset (none: the feature is off, or the variable is required). */
  default?: string | number;
  doc: string;
}

export interface Module extends ApiPart {
  /**
   * Its reactions to commits. Locally each runs in-process after the commit, resumed from its
   * checkpoint (the reaction's name) at start (services/app/reactions.ts); on AWS the stream
   * function runs them as projections, in the list's order. Each must be idempotent.
   */
  reactions?(ctx: ModuleContext): (Reaction & Projection)[];
  settings?: readonly Setting[];
  /** On AWS: the DynamoDB actions on the game table each function needs to run it (the stack grants them). */
  aws?: { tableActions?: Partial<Record<FunctionName, readonly string[]>> };
}

/**
 * REST routes loaded when the app registers them: only the http function serves REST, so the
 * stream, timer and ws bundles leave them out (esbuild puts them in a chunk of their own).
 */
export function lazyRoutes(load: () => Promise<NonNullable<ApiPart['routes']>>): NonNullable<ApiPart['routes']> {
  return async (app, opts) => (await load())(app, opts);
}

/** The DynamoDB actions `fn` is granted: its base ones and those of every module in `modules`, once each. */
export function tableActionsOf(fn: FunctionName, base: Partial<Record<FunctionName, readonly string[]>>, modules: readonly Module[]): string[] {
  return [...new Set([...(base[fn] ?? []), ...modules.flatMap((m) => m.aws?.tableActions?.[fn] ?? [])])];
}
