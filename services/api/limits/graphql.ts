/**
 * What one GraphQL request may ask for, checked before anything runs: the document's size
 * (characters, then parser tokens), depth, aliases, cost, one mutation per request, no
 * subscription over HTTP, no introspection in production. The same checks run for
 * subscriptions over WebSocket, which mercurius does not validate itself.
 * Every refusal is a GraphQL error with extensions.code BAD_INPUT.
 */
import mercurius, { type MercuriusOptions } from 'mercurius';
import type { ValidationRule } from 'graphql';
import type { FastifyInstance } from 'fastify';
import type { Limits } from './settings.js';
import { subscriptionVariables } from './websocket.js';
import { costProblem, sharedRules, sizeProblem, subscriptionProblem } from './documents.js';

import cjs from './graphql-cjs.cjs';

const { GraphQLError } = cjs.graphql;

const refuse = (message: string) => new mercurius.ErrorWithProps(message, { code: 'BAD_INPUT' }, 400);

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

/** Throws the check's refusal, if it has one. */
const check = (problem: string | null) => {
  if (problem) throw refuse(problem);
};

/** Hooks on the mercurius instance: size before parsing, cost before execution, both for subscriptions. */
export function installGraphqlLimits(app: FastifyInstance, limits: Limits): void {
  app.graphql.addHook('preParsing', async (_schema, source) => check(sizeProblem(source, limits)));
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    check(costProblem(schema, document, variables as Record<string, unknown> | undefined, limits));
  });
  app.graphql.addHook('preSubscriptionParsing', async (_schema, source) => check(sizeProblem(source, limits)));
  app.graphql.addHook('preSubscriptionExecution', async (schema, document, context, id) => {
    check(subscriptionProblem(schema, document, subscriptionVariables(context as object, id), limits));
  });
}
