/**
 * Serves the web client (services/web/public) at `/`, and graphql-ws's and @simplewebauthn/browser's
 * browser builds at /vendor/graphql-ws.js and /vendor/simplewebauthn-browser.js, straight from node_modules: no CDN, nothing fetched from elsewhere.
 * The client is static files that speak only the public API, like any third-party client.
 *
 * One wildcard route serves them all. The files are listed at the first request, and each is read at
 * its first request and kept in memory with a gzip copy and an ETag (the whole client is a few tens
 * of kilobytes); a start (a Lambda's cold start, each test's server) pays for neither. The page loads
 * its scripts bundled (page-bundle.ts): made at that first request where esbuild is installed, else
 * the bundle written ahead of time beside a Lambda, else public/js as written. Where the files are absent (a Lambda bundle, which
 * serves the API only) the plugin registers nothing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUNDLE_DIR, buildPageBundle, pageWithBundle } from './page-bundle.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.md': 'text/markdown; charset=utf-8',
};

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface WebOptions {
  /** Folder of the client's files; defaults to services/web/public (beside the bundle on Lambda). */
  root?: string;
  /** Folder of the rules as Parlor plays them (docs/rules), served at /rules/<game>.md for the rules page. */
  rulesRoot?: string;
  /**
   * Where the page opens its graphql-ws socket (default: WEBSOCKET_URL, else the page's own host).
   * On AWS the WebSocket API has an address of its own, so the page is told it in a meta tag.
   */
  websocketUrl?: string;
  /** Load the page's scripts bundled where esbuild is installed (default true; false: public/js as written, as without esbuild). */
  bundle?: boolean;
}

const DEFAULT_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'public');
const DEFAULT_RULES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'rules');

export async function webClient(app: FastifyInstance, opts: WebOptions = {}) {
  const root = opts.root ?? DEFAULT_ROOT;
  if (!existsSync(root)) return;
  const websocketUrl = opts.websocketUrl ?? process.env.WEBSOCKET_URL;
  // The files are listed at the first request, not at start: a start (each test's server, a Lambda's cold start) lists nothing.
  let assets: Promise<Map<string, () => Asset>> | undefined;
  const list = async () => {
    const found = new Map<string, () => Asset>();
    // A bundle that fails to build (a syntax error in public/js) leaves the page as written, said once in the log: its
    // modules then fail in the browser where the error is, rather than every request failing here.
    const bundle = opts.bundle === false ? null : await buildPageBundle(root).catch((err: unknown) => (app.log.error({ err }, 'the page bundle failed: the page loads public/js as written'), null));
    const page = (html: Buffer) => {
      const bundled = bundle ? Buffer.from(pageWithBundle(html.toString('utf8'), bundle.entry)) : html;
      return websocketUrl ? withWebsocketUrl(bundled, websocketUrl) : bundled;
    };
    for (const file of walk(root)) {
      const path = '/' + relative(root, file).split(sep).join('/');
      found.set(path, path === '/index.html' ? asset(file, page) : asset(file));
    }
    for (const [path, bytes] of bundle?.files ?? []) found.set(path, asset(path, undefined, bytes));
    // The rules page (js/rules.js) renders docs/rules/<game>.md: the same text the repository reads.
    const rules = opts.rulesRoot ?? DEFAULT_RULES;
    if (existsSync(rules)) for (const name of readdirSync(rules).filter((n) => n.endsWith('.md'))) found.set(`/rules/${name}`, asset(join(rules, name)));
    const vendor = graphqlWsBrowserBuild();
    if (vendor) found.set('/vendor/graphql-ws.js', asset(vendor));
    const webauthn = simpleWebAuthnBrowserBuild();
    if (webauthn) found.set('/vendor/simplewebauthn-browser.js', asset(webauthn));
    return found;
  };
  // One route for every file (a route each, with its HEAD, cost ~28 ms of every start); the API's own routes are
  // more specific and win. A path that names no file goes to the app's 404, as it would with no route.
  app.get('/*', { schema: { hide: true } }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const path = '/' + (request.params['*'] || 'index.html');
    const made = (await (assets ??= list())).get(path);
    if (!made) return reply.callNotFound();
    return send(request, reply, made(), path);
  });
}

function send(request: FastifyRequest, reply: FastifyReply, a: Asset, path: string) {
  // The page is revalidated on every visit, and the files it names as written too (cheap 304s), so a deploy is seen at
  // once; the bundle's files are named by their content (a deploy names new ones), so a browser keeps them.
  const cache = path === '/index.html' ? 'no-cache' : path.startsWith(`/${BUNDLE_DIR}/`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
  reply.header('cache-control', cache).header('etag', a.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === a.etag) return reply.code(304).send();
  reply.type(a.type);
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(a.gzip);
  return reply.send(a.body);
}

/** The page with `<meta name="parlor-websocket">` naming the socket's address (read by js/api.js). */
function withWebsocketUrl(html: Buffer, url: string): Buffer {
  const escaped = url.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return Buffer.from(html.toString('utf8').replace('</head>', `  <meta name="parlor-websocket" content="${escaped}">\n</head>`));
}

/** A file's asset (or the bytes given for it), made at its first request and kept. */
function asset(file: string, transform: (body: Buffer) => Buffer = (b) => b, bytes?: Buffer): () => Asset {
  let made: Asset | undefined;
  return () => {
    if (made) return made;
    const body = transform(bytes ?? readFileSync(file));
    made = {
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`,
    };
    return made;
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** @simplewebauthn/browser's UMD build (defines window.SimpleWebAuthnBrowser); null where it is not installed. */
function simpleWebAuthnBrowserBuild(): string | null {
  try {
    const umd = join(dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')), '..', 'dist', 'bundle', 'index.umd.min.js');
    return existsSync(umd) ? umd : null;
  } catch {
    return null;
  }
}

/** graphql-ws's UMD build (defines window.graphqlWs); null where the package is not installed. */
function graphqlWsBrowserBuild(): string | null {
  try {
    const main = createRequire(import.meta.url).resolve('graphql-ws');
    const umd = join(dirname(main), '..', 'umd', 'graphql-ws.min.js');
    return existsSync(umd) ? umd : null;
  } catch {
    return null;
  }
}
