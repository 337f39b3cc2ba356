/**
 * The checks on a GraphQL document that need no server: its size, the rules every document
 * must pass (aliases, production's narrow introspection), its cost. The Fastify app runs them
 * through mercurius (graphql.ts); the Lambda WebSocket routes run them on every subscribe
 * (handlers/ws/updates.ts), which must not load mercurius. Each answer is a refusal's message.
 */
import type { ASTVisitor, DocumentNode, GraphQLSchema, ValidationContext, ValidationRule } from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import type { Limits } from './settings.js';
import { catalogFieldCosts } from './catalog-cost.js';

import cjs from './graphql-cjs.cjs';

const { GraphQLError, Kind, specifiedRules, validate, visit } = cjs.graphql;
const { getComplexity, simpleEstimator } = cjs.complexity;

/** At most `max` aliased fields in a document (5,000 aliases of `game` once took 29 s). */
export const aliasLimit =
  (max: number): ValidationRule =>
  (ctx: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === max + 1) ctx.reportError(new GraphQLError(`at most ${max} aliases per request`, { nodes: node, extensions: { code: 'BAD_INPUT' } }));
      },
    };
  };

/** What a field costs beyond 1: reading a game, building views and legal moves, the history. */
const FIELD_COST: Record<string, number> = {
  'Query.game': 10,
  'Query.openGames': 50,
  'Query.lobby': 10,
  'Query.gameTypes': 20,
  'Game.view': 10,
  'Game.legalMoves': 10,
  'Game.typedLegalMoves': 10,
  'Game.history': 100,
  'Mutation.createGame': 20,
  'Mutation.joinGame': 20,
  'Mutation.submitMove': 20,
  // Tournaments: each read folds one stream; a list folds up to 50; a start creates a round of games.
  'Query.tournament': 20,
  'Query.tournaments': 200,
  'TournamentGame.game': 10,
  'Mutation.createTournament': 20,
  'Mutation.startTournament': 100,
  // Replays: each version read is a history read and a fold up to it.
  'Game.at': 100,
  'GameAt.view': 10,
  'GameAt.views': 40,
  'GameAt.legalMoves': 10,
  'GameAt.typedLegalMoves': 10,
  'GameAt.history': 100,
};
// The catalog's weights are only asked for on the catalog's own types: working them out builds every
// game's JSON Schemas (~100 ms of CPU), which a cold start's first move or createGame must not pay.
const CATALOG_TYPES = new Set(['GameType', 'GameOption']);
const fieldCost: ComplexityEstimator = ({ type, field, childComplexity }) => {
  const key = `${type.name}.${field.name}`;
  const own = FIELD_COST[key] ?? (CATALOG_TYPES.has(type.name) ? catalogFieldCosts()[key] : undefined);
  return own === undefined ? undefined : own + childComplexity;
};
const estimators = [fieldCost, simpleEstimator({ defaultComplexity: 1 })];

/**
 * The cost of the operation that runs: the one `operationName` names, or the document's only one.
 * A document of several operations without a name runs none (GraphQL refuses it), so its cost is
 * the most expensive of those that can be costed with the variables given.
 */
export function costOf(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>, operationName?: string | null): number {
  const cost = (name: string | undefined) => getComplexity({ schema, query: document, variables: variables as Record<string, any>, operationName: name, estimators });
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return cost(operationName);
  if (operations.length <= 1) return cost(operations[0]?.name?.value);
  let worst = 0;
  for (const def of operations) {
    try {
      worst = Math.max(worst, cost(def.name?.value));
    } catch {
      // its variables are not given: it cannot run either
    }
  }
  return worst;
}

/**
 * Production's introspection: `__type(name:)` answers names and shapes, which the web client reads
 * to build its selections (services/web/public/js/api.js) and schema.graphql publishes anyway; the
 * whole schema at once (`__schema`, what GraphiQL and scrapers ask) and descriptions are refused
 * (a Lambda's schema carries none: graphql/prebuilt.ts; schema.graphql has them all).
 */
export const narrowIntrospection: ValidationRule = (ctx: ValidationContext): ASTVisitor => ({
  Field(node) {
    const refused = node.name.value === '__schema' ? '`__schema`' : node.name.value === 'description' && ctx.getParentType()?.name.startsWith('__') ? 'descriptions' : null;
    if (refused) ctx.reportError(new GraphQLError(`introspection here answers \`__type(name:)\` without descriptions; ${refused} is refused (the whole schema, described, is schema.graphql)`, { nodes: node, extensions: { code: 'BAD_INPUT' } }));
  },
});

/** Rules every document must pass, over HTTP and WebSocket alike (mercurius caches their result). */
export const sharedRules = (limits: Limits): ValidationRule[] => [aliasLimit(limits.maxAliases), ...(limits.devTools ? [] : [narrowIntrospection])];


/** Longer documents are refused before parsing. */
export const sizeProblem = (source: string, limits: Limits): string | null =>
  source.length > limits.maxQueryChars ? `a query has at most ${limits.maxQueryChars} characters` : null;

/** Whether a variable decides a directive (`@include(if: $x)`): the only way variables change a cost here. */
function variablesInDirectives(document: DocumentNode): boolean {
  let inDirective = 0;
  let found = false;
  visit(document, {
    Directive: { enter: () => void inDirective++, leave: () => void inDirective-- },
    Variable: () => void (found ||= inDirective > 0),
  });
  return found;
}

/**
 * Costs of parsed documents. mercurius hands the same document object back for the same query
 * string (its parse cache), so a cost is worked out once per cached document; entries go when
 * the documents do. The estimators read no field arguments, so only directives can make a cost
 * depend on the variables: such documents are costed on every request.
 */
const costs = new WeakMap<DocumentNode, { schema: GraphQLSchema; dynamic: boolean; byOperation: Map<string, number> }>();

function cachedCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): number {
  let known = costs.get(document);
  if (known?.schema !== schema) costs.set(document, (known = { schema, dynamic: variablesInDirectives(document), byOperation: new Map() }));
  if (known.dynamic) return costOf(schema, document, variables, operationName);
  // Bounded: one entry per operation the document defines (and one for none named).
  const key = operationName ?? '';
  let cost = known.byOperation.get(key);
  if (cost === undefined) known.byOperation.set(key, (cost = costOf(schema, document, variables, operationName)));
  return cost;
}

/** The cost of the operation that runs (cached per parsed document and operation name). */
export const operationCost = (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined, operationName?: string | null): number =>
  cachedCost(schema, document, variables ?? undefined, operationName);

export function costProblem(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined, limits: Limits, operationName?: string | null): string | null {
  const cost = cachedCost(schema, document, variables ?? undefined, operationName);
  return cost > limits.maxCost ? `query cost ${cost} is over the limit of ${limits.maxCost}` : null;
}

/** A subscription document against the spec's rules and ours, then its cost (mercurius runs no validation for subscriptions). */
export function subscriptionProblem(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | null | undefined, limits: Limits): string | null {
  const errors = validate(schema, document, [...specifiedRules, ...sharedRules(limits)], { maxErrors: 10 });
  if (errors.length) return errors.map((e) => e.message).join('; ');
  return costProblem(schema, document, variables, limits);
}
