/**
 * What one GraphQL request may ask for, checked before anything runs: the document's size
 * (characters, then parser tokens), depth, aliases, cost, one mutation per request, no
 * subscription over HTTP, no introspection in production. The same checks run for
 * subscriptions over WebSocket, which mercurius does not validate itself.
 * Every refusal is a GraphQL error with extensions.code BAD_INPUT.
 */
import mercurius, { type MercuriusOptions } from 'mercurius';
import type { ValidationRule } from 'graphql';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Limits } from './settings.js';
import { subscriptionVariables } from './websocket.js';
import { costProblem, operationCost, sharedRules, sizeProblem, subscriptionProblem } from './documents.js';
import { CostBudget } from './cost-budget.js';

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

/** The operation a request names (`operationName` in a POST body or a GET query), if any. */
function requestedOperation(reply: FastifyReply): string | undefined {
  const from = (x: unknown) => (x && typeof x === 'object' && typeof (x as { operationName?: unknown }).operationName === 'string' ? (x as { operationName: string }).operationName : undefined);
  return from(reply.request.body) ?? from(reply.request.query);
}

/** Throws the check's refusal, if it has one. */
const check = (problem: string | null) => {
  if (problem) throw refuse(problem);
};

/**
 * Hooks on the mercurius instance: size before parsing, cost before execution, both for
 * subscriptions; over HTTP the cost is also taken from the client's budget a second (cost-budget.ts),
 * by the server's clock `now`.
 */
export function installGraphqlLimits(app: FastifyInstance, limits: Limits, now: () => number = Date.now): void {
  const budget = new CostBudget(limits.costPerSecond, limits.costBurst, now);
  app.graphql.addHook('preParsing', async (_schema, source) => check(sizeProblem(source, limits)));
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    const vars = variables as Record<string, unknown> | undefined;
    const reply = (context as { reply?: FastifyReply }).reply;
    const name = reply ? requestedOperation(reply) : undefined;
    check(costProblem(schema, document, vars, limits, name));
    if (!reply) return;
    const wait = budget.take(reply.request.ip, operationCost(schema, document, vars, name));
    if (wait === 0) return;
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    throw new mercurius.ErrorWithProps(`this client has spent its GraphQL budget (${limits.costPerSecond} cost a second); retry in ${seconds} s`, { code: 'RATE_LIMITED' }, 429);
  });
  app.graphql.addHook('preSubscriptionParsing', async (_schema, source) => check(sizeProblem(source, limits)));
  app.graphql.addHook('preSubscriptionExecution', async (schema, document, context, id) => {
    check(subscriptionProblem(schema, document, subscriptionVariables(context as object, id), limits));
  });
}
