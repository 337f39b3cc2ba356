/**
 * GraphiQL served entirely by this server, so it works offline: React, ReactDOM and GraphiQL's
 * own UMD build come from node_modules (mercurius's page loads them from a CDN and caches them
 * in a service worker). Only registered when development tools are on.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/** The files the page loads, by the name it asks for; nothing else is served. */
const ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'application/javascript' },
  'react-dom.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'application/javascript' },
  'graphiql.js': { pkg: 'graphiql', file: 'graphiql.min.js', type: 'application/javascript' },
  'graphiql.css': { pkg: 'graphiql', file: 'graphiql.min.css', type: 'text/css' },
};
// Packages' export maps hide these files from require.resolve; their package.json is always reachable.
const pathOf = (asset: { pkg: string; file: string }) => join(dirname(require.resolve(`${asset.pkg}/package.json`)), asset.file);

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8"/>
  <title>Parlor · GraphiQL</title>
  <meta name="robots" content="noindex"/>
  <meta name="viewport" content="width=device-width, initial-scale=1"/>
  <link rel="stylesheet" href="/graphiql/assets/graphiql.css"/>
  <link rel="stylesheet" href="/graphiql/assets/page.css"/>
</head>
<body>
  <div id="main"></div>
  <script src="/graphiql/assets/react.js"></script>
  <script src="/graphiql/assets/react-dom.js"></script>
  <script src="/graphiql/assets/graphiql.js"></script>
  <script src="/graphiql/assets/start.js"></script>
</body>
</html>`;

/** Queries over HTTP, subscriptions over WebSocket on the same path; seat tokens go in the Headers tab. */
const START = `(() => {
  const url = location.origin + '/graphql';
  const fetcher = GraphiQL.createFetcher({ url, subscriptionUrl: url.replace(/^http/, 'ws') });
  ReactDOM.createRoot(document.getElementById('main')).render(
    React.createElement(GraphiQL, { fetcher, isHeadersEditorEnabled: true, shouldPersistHeaders: true }),
  );
})();`;

export async function graphiql(app: FastifyInstance) {
  app.get('/graphiql', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html').send(PAGE));
  app.get('/graphiql/assets/start.js', { schema: { hide: true } }, async (_req, reply) => reply.type('application/javascript').send(START));
  app.get('/graphiql/assets/page.css', { schema: { hide: true } }, async (_req, reply) => reply.type('text/css').send('body{margin:0;overflow:hidden}#main{height:100vh}'));
  app.get<{ Params: { file: string } }>('/graphiql/assets/:file', { schema: { hide: true } }, async (req, reply) => {
    const asset = Object.hasOwn(ASSETS, req.params.file) ? ASSETS[req.params.file] : undefined;
    if (!asset) return reply.callNotFound();
    reply.header('cache-control', 'public, max-age=86400');
    return reply.type(asset.type).send(await readFile(pathOf(asset)));
  });
}
