/**
 * What one GraphQL request may ask for, checked before anything runs: the document's size
 * (characters, then parser tokens), depth, aliases, cost, one mutation per request, no
 * subscription over HTTP, no introspection in production. The same checks run for
 * subscriptions over WebSocket, which mercurius does not validate itself.
 * Every refusal is a GraphQL error with extensions.code BAD_INPUT.
 */
import mercurius, { type MercuriusOptions } from 'mercurius';
import type { ASTVisitor, DocumentNode, GraphQLSchema, ValidationContext, ValidationRule } from 'graphql';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import type { FastifyInstance } from 'fastify';
import type { Limits } from './settings.js';
import { subscriptionVariables } from './websocket.js';

import cjs from './graphql-cjs.cjs';

const { GraphQLError, Kind, NoSchemaIntrospectionCustomRule, specifiedRules, validate, visit } = cjs.graphql;
const { getComplexity, simpleEstimator } = cjs.complexity;

const refuse = (message: string) => new mercurius.ErrorWithProps(message, { code: 'BAD_INPUT' }, 400);

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

/** One mutation field per request: one game created, one seat taken, one move played. */
export const oneMutation: ValidationRule = (ctx) => ({
  OperationDefinition(node) {
    if (node.operation !== 'mutation') return;
    const fields = node.selectionSet.selections.length;
    if (fields > 1) ctx.reportError(new GraphQLError('one mutation per request', { nodes: node, extensions: { code: 'BAD_INPUT' } }));
  },
});

/** Subscriptions live on the WebSocket; over HTTP they are a client mistake, not a server fault. */
export const noSubscriptionOverHttp: ValidationRule = (ctx) => ({
  OperationDefinition(node) {
    if (node.operation === 'subscription') {
      ctx.reportError(new GraphQLError('subscriptions are served over WebSocket (graphql-transport-ws) at /graphql', { nodes: node, extensions: { code: 'BAD_INPUT' } }));
    }
  },
});

/** What a field costs beyond 1: reading a game, building views and legal moves, the history. */
const FIELD_COST: Record<string, number> = {
  'Query.game': 10,
  'Query.openGames': 50,
  'Query.lobby': 10,
  'Query.gameTypes': 20,
  'Game.view': 10,
  'Game.legalMoves': 10,
  'Game.history': 100,
  'Mutation.createGame': 20,
  'Mutation.joinGame': 20,
  'Mutation.submitMove': 20,
};
const fieldCost: ComplexityEstimator = ({ type, field, childComplexity }) => {
  const own = FIELD_COST[`${type.name}.${field.name}`];
  return own === undefined ? undefined : own + childComplexity;
};
const estimators = [fieldCost, simpleEstimator({ defaultComplexity: 1 })];

/** The most expensive operation of the document. */
export function costOf(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>): number {
  let worst = 0;
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const operationName = def.name?.value;
    const cost = getComplexity({ schema, query: document, variables: variables as Record<string, any>, operationName, estimators });
    worst = Math.max(worst, cost);
    if (!operationName) break; // an anonymous operation must be the only one
  }
  return worst;
}

/** Rules every document must pass, over HTTP and WebSocket alike (mercurius caches their result). */
const sharedRules = (limits: Limits): ValidationRule[] => [aliasLimit(limits.maxAliases), ...(limits.devTools ? [] : [NoSchemaIntrospectionCustomRule])];

/** The mercurius options that bound parsing, validation and the parsed-document caches. */
export function graphqlOptions(limits: Limits): Partial<MercuriusOptions> {
  return {
    // Each cache entry is a document of at most maxQueryChars / maxQueryTokens: entries × that bounds the bytes.
    cache: limits.queryCacheEntries,
    queryDepth: limits.maxDepth,
    graphql: { parseOptions: { maxTokens: limits.maxQueryTokens } },
    validationRules: [...sharedRules(limits), oneMutation, noSubscriptionOverHttp],
    graphiql: false, // served from node_modules by devtools/graphiql.ts, so it works offline
  };
}

const checkSize = (source: string, limits: Limits) => {
  if (source.length > limits.maxQueryChars) throw refuse(`a query has at most ${limits.maxQueryChars} characters`);
};
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
const costs = new WeakMap<DocumentNode, { schema: GraphQLSchema; cost: number | null }>();

function cachedCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): number {
  let known = costs.get(document);
  if (known?.schema !== schema) costs.set(document, (known = { schema, cost: variablesInDirectives(document) ? null : costOf(schema, document, variables) }));
  return known.cost ?? costOf(schema, document, variables);
}

const checkCost = (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, limits: Limits) => {
  const cost = cachedCost(schema, document, variables);
  if (cost > limits.maxCost) throw refuse(`query cost ${cost} is over the limit of ${limits.maxCost}`);
};

/** Hooks on the mercurius instance: size before parsing, cost before execution, both for subscriptions. */
export function installGraphqlLimits(app: FastifyInstance, limits: Limits): void {
  app.graphql.addHook('preParsing', async (_schema, source) => checkSize(source, limits));
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    checkCost(schema, document, variables as Record<string, unknown> | undefined, limits);
  });
  app.graphql.addHook('preSubscriptionParsing', async (_schema, source) => checkSize(source, limits));
  app.graphql.addHook('preSubscriptionExecution', async (schema, document, context, id) => {
    // mercurius runs neither the spec's validation nor custom rules for subscriptions.
    const errors = validate(schema, document, [...specifiedRules, ...sharedRules(limits)], { maxErrors: 10 });
    if (errors.length) throw refuse(errors.map((e) => e.message).join('; '));
    checkCost(schema, document, subscriptionVariables(context as object, id), limits);
  });
}
