/**
 * Bundles one Lambda handler with esbuild, locally (no Docker): a minified ESM entry,
 * `index.mjs` exporting `handler`, the chunks behind its dynamic imports (chunks/: read only when
 * first imported, so a cold start skips e.g. the passkey ceremonies), in graphql and rest each game
 * as a file of its own (games/, read on first use: lazyRegistry), plus the few package files read
 * from disk at run time.
 * The CDK stack (through `tryBundle`) and infra/measure-bundles.ts call this same code, so
 * the measured bundles are the deployed ones.
 *
 *   npx tsx infra/bundle.ts <graphql|rest|web|ws|stream|timer|export|lab|floor> <outdir> [--no-code-cache] [--node-args='<V8 flags>']
 *   npx tsx infra/bundle.ts --all <outdir> [the same flags]    every function of the stack, each into <outdir>/<name>/
 *
 * graphql is one classic script with a V8 code cache instead (CODE_CACHED); the flags reach only it.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { bundleFiles, bundleOptions, pageWithBundle } from '../services/web/page-bundle.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The HTTP API is three functions, one per route group of the same app (services/handlers/http.ts):
 * each cold start loads only its own group's code.
 */
export const HANDLERS = {
  graphql: 'services/handlers/graphql.ts',
  rest: 'services/handlers/rest.ts',
  web: 'services/handlers/web.ts',
  ws: 'services/handlers/ws.ts',
  stream: 'services/handlers/stream.ts',
  timer: 'services/handlers/timer.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;

/** The API's handlers, the scheduled analytics export (services/handlers/export.ts), and the bare stack's floor that `measure:bundles` compares them with (never deployed). */
export const ENTRIES = { ...HANDLERS, export: 'services/handlers/export.ts', lab: 'services/handlers/lab.ts', floor: 'infra/floor/handler.ts' } as const;
export type BundleName = keyof typeof ENTRIES;

/**
 * Packages left out of a bundle and copied whole beside it (node_modules/…): DuckDB loads its
 * native library from its own package folder. Its linux-x64 build is the one installed here, so
 * the export function runs on x86_64.
 */
const NATIVE: Partial<Record<BundleName, string[]>> = {
  export: ['@duckdb/node-api', '@duckdb/node-bindings', '@duckdb/node-bindings-linux-x64'],
  // The lab's shard function writes its Parquet files with DuckDB too.
  lab: ['@duckdb/node-api', '@duckdb/node-bindings', '@duckdb/node-bindings-linux-x64'],
  // Not native, but the same treatment: nodemailer (no dependencies, ~240 KiB minified) is imported
  // only when the digest job sends a mail, so the timer's cold start does not evaluate it.
  timer: ['nodemailer'],
};

/** The Node major the bundles target: package.json engines (the Lambda runtime is newer, see infra/parlor-stack.ts). */
export const NODE_TARGET = 'node20';

/**
 * Package files read from disk relative to their module (`__dirname`), copied beside the bundle
 * under assets/<package>/…: none now that the development tools (Swagger UI, GraphiQL) stay
 * out of Lambda bundles; kept for the next package that needs it.
 */
const ASSETS: Record<string, string[]> = {};

// An ESM bundle of CommonJS packages needs `require`; modules of the packages above get their own `__dirname`.
const BANNER = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  "const __bundleDir = __fileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/** The path of a file inside node_modules, from the package name on ("mercurius/lib/routes.js"). */
function packagePath(file: string): string | null {
  const at = file.lastIndexOf(`node_modules${sep}`);
  return at < 0 ? null : file.slice(at + `node_modules${sep}`.length).split(sep).join('/');
}

const packageOf = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');

/**
 * Modules replaced in bundles by small stand-ins free of side effects (so esbuild drops
 * them where nothing is used), by handler. A stub names a bare specifier, or
 * `<package> › <specifier>` for a module only as that package imports it.
 * - dynalite, the embedded DynamoDB server (services/store/embedded.ts): local runs and tests only.
 * - @fastify/swagger(-ui), the OpenAPI UI: a development tool, off in production (and ~2.5 MB of assets).
 * - GraphiQL (mercurius › @fastify/static) and subscriptions over WebSocket (@fastify/websocket,
 *   mercurius › ./subscription, ./lib/subscriber) in the HTTP API's functions: Lambda holds no sockets (ws.ts serves
 *   subscriptions there) and development tools are off in production. ~400 KiB with ws and glob.
 * - graphql-jit (mercurius › graphql-jit), in the HTTP API's functions: mercurius compiles queries with it only when
 *   its `jit` option is set, which ours is not (~70 KiB with lodash.merge).
 * - mercurius, in the handlers that serve no GraphQL over HTTP (rest and web too): the code they share
 *   with the GraphQL app (resolvers, the rate limit's error) takes only `ErrorWithProps` from it (as
 *   mercurius defines it), and the rest of mercurius and Fastify is a third of the bundle.
 * - the AWS SDK's default credential chain (@aws-sdk/credential-provider-node), in every bundle:
 *   on Lambda the execution role's credentials are in the environment (AWS_ACCESS_KEY_ID, …), so
 *   the environment provider alone; the chain's SSO, web-identity, ini and process providers and
 *   their nested STS/SSO clients (~90 KiB) never answer there.
 * - zod's translated error messages (zod › ../locales/index.js), in every bundle: zod
 *   re-exports ~260 KiB of locales as `z.locales`, which nothing here reads (errors are ours, in English).
 * - nodemailer and the SES v2 client, in graphql, rest, web, ws and stream: email goes out from the timer
 *   function alone (the digest job); the others never send one (~350 KiB).
 * - web-push's VAPID signer (web-push › asn1.js, › jws) and proxy support (web-push › https-proxy-agent),
 *   in every bundle: push/vapid.ts signs VAPID with jose and no proxy is used; web-push encrypts (~80 KiB).
 *   In ws, web-push altogether: the ws function sends no push.
 * - @simplewebauthn/server (with @peculiar/x509 and asn1js, ~450 KiB), outside rest: passkey ceremonies are
 *   REST routes, of the rest function alone.
 * - openskill (with ramda, ~370 KiB), outside stream: ratings change in the stream function's projection
 *   alone; graphql and rest only read them.
 * - zod's JSON Schema reader (zod › ./from-json-schema.js) and ahead-of-time compiler (zod › ./compile.js),
 *   in every bundle: `z.fromJSONSchema` and `z.compile`, unused (we parse with zod's runtime and only write
 *   JSON Schema, for the API's move and option schemas); ~45 KiB evaluated at every cold start.
 */
const DEV_TOOL = "export default function devTool() { throw new Error('the development tools (/docs, GraphiQL) are not part of Lambda bundles: NODE_ENV=production turns them off'); }";
const NO_SOCKETS = "export default function noSockets() { throw new Error('subscriptions over WebSocket are not part of the http bundle: the WebSocket API serves them'); }";
const NO_MAIL = "export default { createTransport() { throw new Error('email is sent by the timer function alone (the digest job)'); } }; export class SESv2Client {} export class SendEmailCommand {}";
const NO_PASSKEYS = "function noPasskeys() { throw new Error('passkey ceremonies are served by the rest function alone'); } export { noPasskeys as generateRegistrationOptions, noPasskeys as verifyRegistrationResponse, noPasskeys as generateAuthenticationOptions, noPasskeys as verifyAuthenticationResponse };";
// rating() is openskill's prior (mu 25, sigma 25/3), read at load as the start of every ladder.
const NO_RATING = "export function rate() { throw new Error('ratings change in the stream function alone'); } export function rating() { return { mu: 25, sigma: 25 / 3 }; }";
const STUBS: Record<string, string> = {
  '@simplewebauthn/server': NO_PASSKEYS,
  openskill: NO_RATING,
  dynalite: "export default function dynalite() { throw new Error('the embedded DynamoDB is not part of Lambda bundles'); }",
  '@fastify/swagger': DEV_TOOL,
  '@fastify/swagger-ui': DEV_TOOL,
  'mercurius › @fastify/static': DEV_TOOL,
  '@fastify/websocket': NO_SOCKETS,
  'mercurius › ./subscription': NO_SOCKETS,
  'mercurius › ./lib/subscriber': "export class PubSub { constructor() { throw new Error('subscriptions are not part of the http bundle'); } } export function withFilter() { throw new Error('subscriptions are not part of the http bundle'); }",
  '@aws-sdk/credential-provider-node': "export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';",
  'mercurius › graphql-jit': "export function compileQuery() { throw new Error('graphql-jit is not part of the http bundle: mercurius runs without jit'); } export const isCompiledQuery = () => false;",
  'zod › ../locales/index.js': "export { default as en } from 'zod/v4/locales/en.js';",
  nodemailer: NO_MAIL,
  'web-push › asn1.js': "export function define() { return { encode() { throw new Error('web-push signs no VAPID token here: push/vapid.ts does, with jose'); } }; }",
  'web-push › jws': "export function sign() { throw new Error('web-push signs no VAPID token here: push/vapid.ts does, with jose'); }",
  'web-push › https-proxy-agent': "export class HttpsProxyAgent { constructor() { throw new Error('pushes go out without a proxy'); } }",
  'web-push': "export default { generateRequestDetails() { throw new Error('the ws function sends no push'); } };",
  '@aws-sdk/client-sesv2': NO_MAIL,
  'zod › ./from-json-schema.js': "export function fromJSONSchema() { throw new Error('z.fromJSONSchema is not part of Lambda bundles'); }",
  'zod › ./compile.js': `export const INVALID = Symbol.for('zod.compile.invalid');
    function unbundled() { throw new Error('z.compile is not part of Lambda bundles'); }
    export class ZodCompileAsyncError extends Error {} export class ZodCompileUnsupportedError extends Error {}
    export { unbundled as compile, unbundled as withParser, unbundled as compileFn };`,
  mercurius: `export class ErrorWithProps extends Error {
    constructor(message, extensions, statusCode) { super(message); this.extensions = extensions; this.statusCode = statusCode || 200; }
  }
  export default new Proxy({ ErrorWithProps }, {
    get(target, key) { if (key in target) return target[key]; throw new Error('mercurius.' + String(key) + ' is not part of this bundle'); },
  });`,
};
const EVERY_BUNDLE = ['web-push › asn1.js', 'web-push › jws', 'web-push › https-proxy-agent', 'dynalite', '@aws-sdk/credential-provider-node', 'zod › ../locales/index.js', 'zod › ./from-json-schema.js', 'zod › ./compile.js'];
const HTTP_FUNCTION = [...EVERY_BUNDLE, 'openskill', 'nodemailer', '@aws-sdk/client-sesv2', '@fastify/swagger', '@fastify/swagger-ui', 'mercurius › @fastify/static', '@fastify/websocket', 'mercurius › ./subscription', 'mercurius › ./lib/subscriber', 'mercurius › graphql-jit'];
const STUBBED: Record<BundleName, string[]> = {
  graphql: [...HTTP_FUNCTION, '@simplewebauthn/server'],
  // The REST routes take only ErrorWithProps from mercurius (the rate limit's error, shared with /graphql).
  rest: [...HTTP_FUNCTION, 'mercurius'],
  web: [...HTTP_FUNCTION, 'mercurius', '@simplewebauthn/server'],
  ws: [...EVERY_BUNDLE, 'mercurius', 'nodemailer', '@aws-sdk/client-sesv2', 'web-push', '@simplewebauthn/server', 'openskill'],
  stream: [...EVERY_BUNDLE, 'mercurius', 'nodemailer', '@aws-sdk/client-sesv2', '@simplewebauthn/server'],
  timer: [...EVERY_BUNDLE, 'mercurius', '@simplewebauthn/server', 'openskill'],
  export: [...EVERY_BUNDLE, 'mercurius', '@simplewebauthn/server', 'openskill'],
  lab: [...EVERY_BUNDLE, 'mercurius', '@simplewebauthn/server', 'openskill'],
  // What the graphql function leaves out of mercurius, the floor leaves out too: the same stack.
  floor: [...EVERY_BUNDLE, 'mercurius › @fastify/static', '@fastify/websocket', 'mercurius › ./subscription', 'mercurius › ./lib/subscriber', 'mercurius › graphql-jit'],
};

function stubs(names: string[]): Plugin {
  const wanted = names.map((name) => {
    const [pkg, specifier] = name.includes(' › ') ? name.split(' › ') : [undefined, name];
    return { name, pkg, specifier: specifier! };
  });
  // Only the stubbed specifiers go to JavaScript: a catch-all filter sent every import of a bundle there.
  const filter = new RegExp(`^(?:${[...new Set(wanted.map((w) => w.specifier))].map((s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return {
    name: 'stubs',
    setup(b) {
      b.onResolve({ filter }, (args) => {
        const stub = wanted.find((w) => w.specifier === args.path && (!w.pkg || args.importer.includes(`node_modules${sep}${w.pkg}${sep}`)));
        return stub && { path: stub.name, namespace: 'parlor-stub', sideEffects: false };
      });
      b.onLoad({ filter: /.*/, namespace: 'parlor-stub' }, (args) => ({ contents: STUBS[args.path], loader: 'js', resolveDir: ROOT }));
    },
  };
}

/**
 * find-my-way (Fastify's router) compiles a small function with `new Function` for every static
 * path segment and every route it is given (a GET twice, with its HEAD twin), at registration:
 * ~5% of the (then single) http function's cold start CPU (its REST mirror and the web client's files, well
 * over 100 routes; `npx tsx infra/profile-cold-start.ts http`), paid before the first answer.
 * In bundles those builders return closures instead: the same matches, built without compiling
 * code. Applied to every bundle, the floor's included (the same stack). Each edit names
 * the exact source it replaces and fails the build when a find-my-way update changes it.
 */
const ROUTER_EDITS: { file: RegExp; from: string; to: string }[] = [
  {
    file: /node_modules[\\/]find-my-way[\\/]lib[\\/]node\.js$/,
    from: "  const lines = []\n  for (let i = 1; i < prefix.length; i++) {\n    const charCode = prefix.charCodeAt(i)\n    lines.push(`path.charCodeAt(i + ${i}) === ${charCode}`)\n  }\n  return new Function('path', 'i', `'use strict'\\nreturn ${lines.join(' && ')}`) // eslint-disable-line\n",
    to: '  return function matchPrefix (path, i) { return path.startsWith(prefix, i) }\n',
  },
  {
    file: /node_modules[\\/]find-my-way[\\/]lib[\\/]handler-storage\.js$/,
    from: "    return new Function('NullObject', fnBody.join('\\n'))(NullObject)  // eslint-disable-line\n",
    to: [
      '    const names = params.slice()',
      '    return function _createParamsObject (param0, param1, param2, param3, extraParams) {',
      '      const out = new NullObject()',
      '      for (let i = 0; i < names.length; i++) out[names[i]] = i === 0 ? param0 : i === 1 ? param1 : i === 2 ? param2 : i === 3 ? param3 : extraParams[i - 4]',
      '      return out',
      '    }',
      '',
    ].join('\n'),
  },
];

/** The esbuild plugin applying ROUTER_EDITS (exported for test/infra/router-edits.test.ts). */
export const routerWithoutNewFunction: Plugin = {
  name: 'router-without-new-function',
  setup(b) {
    for (const edit of ROUTER_EDITS) {
      b.onLoad({ filter: edit.file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(edit.from)) throw new Error(`${args.path}: the source infra/bundle.ts edits (ROUTER_EDITS) has changed; review the edit`);
        return { contents: source.replace(edit.from, edit.to), loader: 'js', resolveDir: dirname(args.path) };
      });
    }
  },
};

/**
 * The GraphQL schema without descriptions, parsed at bundle time (services/api/graphql/prebuilt.ts):
 * from the SDL the deployed functions compose (every game of the registry, every concern of
 * MODULES), a compact JSON document (~140 KB) a cold start JSON-parses instead of parsing ~100 KB
 * of SDL. The function uses it only for the registry's own games and concerns whose SDL has the
 * SHA-256 it was made with (schema.ts parsedSchema); otherwise it composes and parses as before.
 */
export async function prebuiltSchema(): Promise<string> {
  const [{ compactDocument, composeSchema, partsHash, sdlHash, withoutDescriptions }, { games }, { MODULES }, { default: cjs }] = await Promise.all([
    import('../services/api/graphql/schema.js'),
    import('../services/engine/registry.js'),
    import('../services/modules/index.js'),
    import('../services/api/limits/graphql-cjs.cjs'),
  ]);
  const sdl = composeSchema(games, MODULES);
  const document = compactDocument(cjs.graphql.parse(withoutDescriptions(sdl), { noLocation: true }));
  // JSON.parse of a string: V8 reads JSON faster than the same tree as an object literal.
  return `export const prebuilt = { sha256: ${JSON.stringify(sdlHash(sdl))}, partsSha256: ${JSON.stringify(partsHash(MODULES))}, document: JSON.parse(${JSON.stringify(document)}) };\n`;
}

/**
 * The bundles that carry it: those that build the schema at start, the graphql function for its
 * first answer, ws and stream for a subscriber's view. With the games in files of their own
 * (lazyRegistry), ws and stream read ~80 KiB less at a cold start with it than without it and
 * compose nothing, which evaluated every game's zod schemas (stream 1.23× → 0.85× of the floor's
 * CPU to first answer, ws 1.20× → 0.81×: docs/capacity.md).
 */
const PREBUILT_SCHEMA: BundleName[] = ['graphql', 'ws', 'stream'];

const prebuiltSchemaPlugin: Plugin = {
  name: 'prebuilt-schema',
  setup(b) {
    b.onLoad({ filter: /services[\\/]api[\\/]graphql[\\/]prebuilt\.ts$/ }, async () => ({ contents: await prebuiltSchema(), loader: 'js' }));
  },
};

/**
 * The game registry as loaders (issue 33 item 5): in the bundles below, services/engine/registry.ts
 * is replaced by a module whose games are stand-ins carrying only their plain data (id, names,
 * seats, view type: read at bundle time from the real registry); any other field
 * (the zod schemas, decide, evolve, view …) loads that game on first read. Each game is a file of
 * its own beside the bundle (games/<id>.cjs), which a cold start does not read at all: the first
 * read `require`s it, synchronously, and hands it the modules it shares with the bundle (zod, the
 * engine's core), so both use one copy of each. A createGame of SCOUT reads and evaluates SCOUT
 * alone. The registry's API is unchanged (`games`, `findGame`, synchronous), so the service,
 * `npm start` and the tests use the same modules, where every game loads eagerly. The build fails
 * when the registry's source or exports no longer have the shape read here.
 */
// The bundles that serve games and carry the schema made (ws and stream among them: without the
// prebuilt schema they would compose it at start, reading every game's typed moves). Not yet
// timer (already below the floor), export and lab (batch jobs, whose cold start is not measured).
const LAZY_GAMES: BundleName[] = ['graphql', 'rest', 'ws', 'stream'];
/**
 * A game's fields that are plain data, carried in the stand-in; any other field loads the game.
 * Not the view's SDL (~20 KiB over the games, read only to compose the schema, which the graphql
 * bundle carries made), so it is not in the bundle twice.
 */
const GAME_DATA = ['id', 'names', 'seats', 'viewType'] as const;
/** Where the game files go, beside the entry (index.mjs). */
export const GAME_DIR = 'games';

export interface LazyRegistryOptions {
  /** The bundle's outdir: the game files are written to <outdir>/games/. */
  outdir: string;
  minify?: boolean;
  /** Plugins for the games' own builds (test/infra/lazy-registry.test.ts notes each evaluation). */
  plugins?: Plugin[];
}

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]s$/, '');

/** The relative modules a source file imports or re-exports for a value (type-only imports aside), without extension. */
function valueImports(path: string): string[] {
  return [...readFileSync(path, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+'(\.[^']+)'/g)].map((m) => withoutExtension(resolve(dirname(path), m[1]!)));
}

/**
 * The modules inside a game's folder that code outside it imports for a value (a greedy bot reads
 * a game's card table), and what they import in turn: the bundle has these itself, so the game
 * file takes them from it, and there is one copy of each.
 */
function gameModulesUsedOutside(): Set<string> {
  const games = join(ROOT, 'services', 'engine', 'games') + sep;
  const used = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      // The registry is what the bundle replaces.
      else if (/\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && path !== join(ROOT, 'services', 'engine', 'registry.ts')) {
        const folder = path.startsWith(games) ? join(games, path.slice(games.length).split(sep)[0]!) + sep : undefined;
        for (const at of valueImports(path)) if (at.startsWith(games) && !(folder && at.startsWith(folder))) used.add(at);
      }
    }
  };
  walk(join(ROOT, 'services'));
  for (const module of used) for (const at of valueImports(`${module}.ts`)) if (at.startsWith(games)) used.add(at);
  return used;
}

/**
 * One game as a file of its own: `module.exports = (shared) => exports`, where every import from
 * outside the game's folder (zod, ../../core/…), and of its modules that the bundle imports too
 * (gameModulesUsedOutside), is `shared(key)`, the bundle's own module. Returns the names the game
 * takes from each shared module, so the bundle can hand over exactly those.
 */
async function gameFile(path: string, name: string, file: string, options: LazyRegistryOptions, usedOutside: Set<string>): Promise<Map<string, Set<string>>> {
  const engine = join(ROOT, 'services', 'engine');
  const folder = dirname(resolve(engine, path)) + sep;
  const SHARED = 'parlor-shared:';
  const esm = await build({
    stdin: { contents: `export { ${name} } from ${JSON.stringify(path)};`, resolveDir: engine, loader: 'ts' },
    bundle: true, platform: 'node', format: 'esm', target: NODE_TARGET, write: false, logLevel: 'warning',
    minify: options.minify ?? true, legalComments: 'none', mainFields: ['module', 'main'],
    plugins: [
      ...(options.plugins ?? []),
      {
        name: 'shared-with-the-bundle',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (!args.importer || args.importer.startsWith(folder)) {
              if (!args.path.startsWith('.')) return { path: SHARED + args.path, external: true };
              const at = resolve(args.resolveDir, args.path);
              return at.startsWith(folder) && !usedOutside.has(withoutExtension(at)) ? undefined : { path: `${SHARED}./${relative(engine, at).split(sep).join('/')}`, external: true };
            }
            return undefined;
          });
        },
      },
    ],
  });
  const text = esm.outputFiles[0]!.text;
  const names = new Map<string, Set<string>>();
  for (const m of text.matchAll(/import\s*(\{[^}]*\}|\*\s*as\s+[\w$]+|[\w$]+)\s*from\s*"parlor-shared:([^"]+)"/g)) {
    const [, what, key] = m as unknown as [string, string, string];
    if (!what.startsWith('{')) throw new Error(`${path}: imports ${key} as a whole (${what}); infra/bundle.ts (gameFile) hands over named imports only`);
    const set = names.get(key) ?? new Set<string>();
    for (const part of what.slice(1, -1).split(',').map((p) => p.trim()).filter(Boolean)) set.add(part.split(/\s+as\s+/)[0]!);
    names.set(key, set);
  }
  const cjs = await transform(text, { loader: 'js', format: 'cjs', target: NODE_TARGET, minify: options.minify ?? true });
  for (const m of cjs.code.matchAll(/require\("([^"]*)"\)/g)) if (!m[1]!.startsWith(SHARED)) throw new Error(`${path}: requires ${m[1]} at run time`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `// Generated by infra/bundle.ts (lazyRegistry): game ${name}, loaded on first use; the bundle hands it its shared modules.\nmodule.exports = function load(shared) { var module = { exports: {} }, exports = module.exports, require = (id) => shared(id.slice(${SHARED.length}));\n${cjs.code}return module.exports; };\n`);
  return names;
}

export async function lazyRegistry(options: LazyRegistryOptions): Promise<string> {
  const file = join(ROOT, 'services', 'engine', 'registry.ts');
  const source = readFileSync(file, 'utf8');
  const registry = await import('../services/engine/registry.js');
  if (Object.keys(registry).sort().join() !== 'findGame,games') throw new Error(`${file}: exports ${Object.keys(registry).join(', ')}; infra/bundle.ts (lazyRegistry) replaces games and findGame alone`);
  const imports = [...source.matchAll(/^import \{ (\w+) \} from '(\.\/games\/[\w-]+\/index\.js)';$/gm)];
  const entries: string[] = [];
  const shared = new Map<string, Set<string>>();
  const usedOutside = gameModulesUsedOutside();
  for (const game of registry.games) {
    let found: { name: string; path: string } | undefined;
    for (const [, name, path] of imports) if ((await import(`../services/engine/${path!.slice(2)}`))[name!] === game) found = { name: name!, path: path! };
    if (!found) throw new Error(`${file}: no \`import { x } from './games/<id>/index.js'\` line brings game ${game.id}; infra/bundle.ts (lazyRegistry) reads them`);
    if (!/^[\w-]+$/.test(game.id)) throw new Error(`game id ${game.id}: not a file name`);
    const names = await gameFile(found.path, found.name, join(options.outdir, GAME_DIR, `${game.id}.cjs`), options, usedOutside);
    for (const [key, set] of names) for (const n of set) (shared.get(key) ?? shared.set(key, new Set()).get(key)!).add(n);
    const data = Object.fromEntries(GAME_DATA.map((k) => [k, game[k]]));
    if (JSON.stringify(JSON.parse(JSON.stringify(data))) !== JSON.stringify(data)) throw new Error(`game ${game.id}: ${GAME_DATA.join(', ')} must be plain JSON`);
    const lazy = Object.keys(game).filter((k) => !(GAME_DATA as readonly string[]).includes(k));
    entries.push(`lazyGame(${JSON.stringify(data)}, ${JSON.stringify(lazy)}, ${JSON.stringify(`${game.id}.cjs`)}, ${JSON.stringify(found.name)})`);
  }
  const sharedImports: string[] = [];
  const sharedTable: string[] = [];
  [...shared].forEach(([key, set], i) => {
    const names = [...set].sort();
    sharedImports.push(`import { ${names.map((n) => `${n} as s${i}_${n}`).join(', ')} } from ${JSON.stringify(key)};`);
    sharedTable.push(`  ${JSON.stringify(key)}: { ${names.map((n) => `${n}: s${i}_${n}`).join(', ')} },`);
  });
  return [
    '// Generated by infra/bundle.ts (lazyRegistry): each game a file of its own, loaded on the first read of a field that is not plain data.',
    "import { createRequire } from 'node:module';",
    "import { fileURLToPath } from 'node:url';",
    "import { basename, dirname, join } from 'node:path';",
    ...sharedImports,
    // The modules the games take from the bundle, with exactly the names they import.
    `const shared = {\n${sharedTable.join('\n')}\n};`,
    'const take = (key) => { if (!(key in shared)) throw new Error(`a game file asks for ${key}, which the bundle does not hand over`); return shared[key]; };',
    // This module may land in a chunk (chunks/…): the game files are beside the entry.
    'const here = dirname(fileURLToPath(import.meta.url));',
    `const dir = join(basename(here) === 'chunks' ? dirname(here) : here, ${JSON.stringify(GAME_DIR)});`,
    'const load = createRequire(import.meta.url);',
    'function lazyGame(data, keys, file, name) {',
    '  let real;',
    '  const game = { ...data };',
    '  for (const k of keys) Object.defineProperty(game, k, { enumerable: true, configurable: true, get() { real ??= load(join(dir, file))(take)[name]; return real[k]; } });',
    '  return game;',
    '}',
    `export const games = [\n  ${entries.join(',\n  ')},\n];`,
    'export function findGame(id) { return games.find((g) => g.id === id); }',
    '',
  ].join('\n');
}

/** The esbuild plugin putting lazyRegistry() in place of the registry, writing the game files (exported for test/infra/lazy-registry.test.ts). */
export function lazyRegistryPlugin(options: LazyRegistryOptions): Plugin {
  return {
    name: 'lazy-registry',
    setup(b) {
      b.onLoad({ filter: /services[\\/]engine[\\/]registry\.ts$/ }, async (args) => ({ contents: await lazyRegistry(options), loader: 'js', resolveDir: dirname(args.path) }));
    },
  };
}

const plugins: Plugin[] = [
  routerWithoutNewFunction,
  {
    // graphql ships CommonJS (main) and ESM (module) files; mercurius require()s it while the
    // resolvers import it. One copy only, or a schema's types fail graphql's instanceof checks.
    name: 'one-graphql',
    setup(b) {
      b.onResolve({ filter: /^graphql(\/.*)?$/ }, async (args) => {
        if (args.pluginData === 'one-graphql') return undefined;
        const r = await b.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer, pluginData: 'one-graphql' });
        const esm = r.path.replace(/\.js$/, '.mjs');
        return r.errors.length || !existsSync(esm) ? r : { ...r, path: esm };
      });
    },
  },
  {
    // Each module of a package that reads files beside it sees __dirname as its folder under assets/.
    name: 'asset-dirname',
    setup(b) {
      const pkgs = Object.keys(ASSETS).map((p) => p.replace(/[/\\]/g, '[\\\\/]')).join('|');
      b.onLoad({ filter: new RegExp(`node_modules[\\\\/](${pkgs})[\\\\/].*\\.js$`) }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('__dirname')) return undefined;
        const folder = dirname(packagePath(args.path)!);
        return { contents: `var __dirname = require('node:path').join(__bundleDir, 'assets', ${JSON.stringify(folder)});\n${source}`, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  },
];

export interface Bundle {
  file: string;
  bytes: number;
  metafile: Metafile;
  /** Bytes of the copied asset files. */
  assetBytes: number;
  /** Bytes of the chunks index.mjs imports at once (code it shares with a lazy chunk): read at a cold start. */
  sharedBytes: number;
  /** Bytes of the chunks read only when first imported (code behind a dynamic import, e.g. passkey ceremonies) and of the game files. */
  lazyBytes: number;
  /** Bytes of the V8 code cache read at a cold start (CODE_CACHED), beside the code. */
  cacheBytes: number;
}

export interface BundleOptions {
  /** false keeps names readable, for profiling a cold start (node --cpu-prof). */
  minify?: boolean;
  /** One classic script with a code cache (default for CODE_CACHED unless codeCache is false; the floor can be too, for comparing). */
  script?: boolean;
  /** false: no cache (a CODE_CACHED function is then its ESM bundle, unless script is true); nodeArgs: the V8 flags the function's runtime runs with, so the cache is built with them. */
  codeCache?: false | { nodeArgs?: readonly string[] };
}

/** What a function's build is, as an ESM bundle or as one script: one minified Node bundle, with the stubs, prebuilt schema and lazy game files its function takes. */
function functionBuild(name: BundleName, outdir: string, options: BundleOptions) {
  return {
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    target: NODE_TARGET,
    mainFields: ['module', 'main'],
    minify: options.minify ?? true,
    legalComments: 'external',
    metafile: true,
    logLevel: 'warning',
    plugins: [stubs(STUBBED[name]), ...(PREBUILT_SCHEMA.includes(name) ? [prebuiltSchemaPlugin] : []), ...(LAZY_GAMES.includes(name) ? [lazyRegistryPlugin({ outdir, minify: options.minify })] : []), ...plugins],
  } as const satisfies BuildOptions;
}

export async function bundle(name: BundleName, outdir: string, options: BundleOptions = {}): Promise<Bundle> {
  // Without its cache, a CODE_CACHED function stays the ESM bundle: the script alone costs a little more to compile (docs/capacity.md).
  if (options.script ?? (CODE_CACHED.includes(name) && options.codeCache !== false)) return scriptBundle(name, outdir, options);
  const file = join(outdir, 'index.mjs');
  const result = await build({
    ...functionBuild(name, outdir, options),
    entryPoints: { index: join(ROOT, ENTRIES[name]) },
    external: NATIVE[name] ?? [],
    // A dynamic import becomes a chunk of its own, read only when first imported (not at a cold start).
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    banner: { js: BANNER },
  });
  let assetBytes = 0;
  for (const pkg of NATIVE[name] ?? []) {
    const to = join(outdir, 'node_modules', pkg);
    cpSync(join(ROOT, 'node_modules', pkg), to, { recursive: true });
    assetBytes += sizeOf(to);
  }
  if (name === 'web') assetBytes += await copyWebClient(outdir);
  const bundled = new Set(Object.keys(result.metafile.inputs).flatMap((input) => (input.includes('node_modules/') ? [packageOf(packagePath(resolve(ROOT, input))!)] : [])));
  for (const [pkg, dirs] of Object.entries(ASSETS)) {
    if (!bundled.has(pkg)) continue;
    for (const dir of dirs) {
      const from = join(ROOT, 'node_modules', pkg, dir);
      const to = join(outdir, 'assets', pkg, dir);
      mkdirSync(dirname(to), { recursive: true });
      cpSync(from, to, { recursive: true });
      assetBytes += sizeOf(to);
    }
  }
  const { shared, lazy } = chunkBytes(result.metafile, relative(ROOT, file).split(sep).join('/'));
  // The game files (lazyRegistry) are read on first use too.
  const games = LAZY_GAMES.includes(name) ? sizeOf(join(outdir, GAME_DIR)) : 0;
  return { file, bytes: statSync(file).size, metafile: result.metafile, assetBytes, sharedBytes: shared, lazyBytes: lazy + games, cacheBytes: 0 };
}

/**
 * The functions bundled as one classic script with a V8 code cache (issue 33 item 5): a cold start
 * of the ESM bundle spent ~100 ms of CPU reading, compiling and linking ~1.8 MiB of modules before
 * any of its code ran, against the floor's ~60, and compiled the functions of its first answer
 * after that. A classic script can be compiled from a code cache (`vm.Script`, `cachedData`), an
 * ES module cannot without Node's experimental flags, so:
 * - script.js is the whole function as one CommonJS function expression (no chunks: esbuild puts
 *   what a dynamic import reaches inside, evaluated when first imported, as before);
 * - script.js.cache is V8's cache of it, taken after the function answered its first event
 *   (infra/code-cache.ts), with script.js.cache.json saying which Node, architecture and V8 flags built it;
 * - index.mjs (SCRIPT_LOADER) compiles the script with the cache when this process is the runtime
 *   that built it, and without it otherwise (logging one line), then exports the script's handler.
 * Measured in docs/capacity.md ("The graphql function's code cache"); what must hold on AWS for the
 * cache to be taken: infra/parlor-stack.ts (codeCacheSettings).
 */
export const CODE_CACHED: BundleName[] = ['graphql', 'rest'];
/**
 * Each entry as a module whose `ready` is the handler's promise: a classic script cannot await at
 * its top level, so the loader does. The floor has one too, for measuring it cached as well.
 */
const SCRIPT_ENTRIES: Partial<Record<BundleName, string>> = { graphql: 'services/handlers/graphql-ready.ts', rest: 'services/handlers/rest-ready.ts', floor: 'infra/floor/ready.ts' };
export const SCRIPT_FILE = 'script.js';
export const CACHE_FILE = `${SCRIPT_FILE}.cache`;
export const CACHE_META = `${SCRIPT_FILE}.cache.json`;

/**
 * The entry of a classic-script bundle. It hands V8 the cache only when the Node version, the
 * architecture and V8's cache tag (its version and flags) are those the cache was built with:
 * V8 rejects a cache of another version or other flags itself, but one of another Node patch
 * release can pass its checks and crash (nodejs/node#62781). `compiled` says what happened;
 * `codeCache()` is how infra/code-cache.ts takes the cache after a first answer.
 */
const SCRIPT_LOADER = `// Generated by infra/bundle.ts (CODE_CACHED): compiles ${SCRIPT_FILE} with the V8 code cache beside it when this runtime built it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedDataVersionTag } from 'node:v8';
import { Script } from 'node:vm';
const file = fileURLToPath(new URL("./${SCRIPT_FILE}", import.meta.url));
const source = readFileSync(file, 'utf8');
const runtime = { node: process.version, arch: process.arch, tag: cachedDataVersionTag() };
const built = existsSync(file + '.cache.json') && existsSync(file + '.cache') ? JSON.parse(readFileSync(file + '.cache.json', 'utf8')) : undefined;
const same = built !== undefined && built.node === runtime.node && built.arch === runtime.arch && built.tag === runtime.tag;
const cachedData = same ? readFileSync(file + '.cache') : undefined;
const script = new Script(source, { filename: file, cachedData });
export const compiled = !built ? 'no code cache' : !same ? 'code cache of another runtime' : script.cachedDataRejected ? 'code cache rejected by V8' : 'code cache';
// One line, as the functions' logs are (Powertools' JSON): the cold start paid the whole compile.
if (built && compiled !== 'code cache') console.warn(JSON.stringify({ level: 'WARN', message: compiled + ': ${SCRIPT_FILE} compiled without it', service: process.env.POWERTOOLS_SERVICE_NAME, built: { node: built.node, arch: built.arch, tag: built.tag }, runtime }));
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
export const handler = await module.exports.ready;
export const codeCache = () => script.createCachedData();
`;

/** A CODE_CACHED function's bundle: index.mjs (SCRIPT_LOADER), script.js and, unless `codeCache` is false, its cache. */
async function scriptBundle(name: BundleName, outdir: string, options: BundleOptions): Promise<Bundle> {
  const entry = SCRIPT_ENTRIES[name];
  if (!entry) throw new Error(`${name}: no classic-script entry (infra/bundle.ts SCRIPT_ENTRIES)`);
  outdir = resolve(outdir);
  const script = join(outdir, SCRIPT_FILE);
  const result = await build({
    ...functionBuild(name, outdir, options),
    entryPoints: [join(ROOT, entry)],
    outfile: script,
    write: false,
    format: 'cjs',
    // The registry's loaders (lazyRegistry) find the game files from the module's URL.
    define: { 'import.meta.url': '__importMetaUrl' },
  });
  mkdirSync(outdir, { recursive: true });
  for (const out of result.outputFiles) if (out.path !== script) writeFileSync(out.path, out.contents);
  // Compiled from a code cache, the script's dynamic imports failed on Node 20 ("A dynamic import
  // callback was not specified", importModuleDynamically given or not): those left, of Node's own modules, require them.
  const code = result.outputFiles.find((f) => f.path === script)!.text.replace(/\bimport\(("node:[\w/]+")\)/g, '__importBuiltin($1)');
  const left = /\bimport\("/.exec(code);
  if (left) throw new Error(`${name}: the classic script keeps a dynamic import (${code.slice(left.index, left.index + 60)}); bundle it, or let infra/bundle.ts (scriptBundle) require it`);
  // The wrapper is part of the file, so the cache is of these very bytes (V8 checks their length).
  const helpers = "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href, __importBuiltin = (id) => Promise.resolve().then(() => { const m = require(id); return { ...m, default: m }; });";
  writeFileSync(script, `(function (exports, require, module, __filename, __dirname) { ${helpers}\n${code}})`);
  const file = join(outdir, 'index.mjs');
  writeFileSync(file, SCRIPT_LOADER);
  const cacheBytes = options.codeCache === false ? 0 : await (await import('./code-cache.js')).buildCodeCache(outdir, name === 'floor' ? 'floor' : (name as HandlerName), { cache: CACHE_FILE, meta: CACHE_META }, options.codeCache?.nodeArgs);
  const games = LAZY_GAMES.includes(name) ? sizeOf(join(outdir, GAME_DIR)) : 0;
  return { file, bytes: statSync(file).size + statSync(script).size, metafile: result.metafile, assetBytes: 0, sharedBytes: 0, lazyBytes: games, cacheBytes };
}

/** The chunks an entry reads at once (its static imports, transitively) and those it reads later. */
function chunkBytes(metafile: Metafile, entry: string): { shared: number; lazy: number } {
  const outputs = metafile.outputs;
  const eager = new Set<string>([entry]);
  for (const out of eager) for (const i of outputs[out]?.imports ?? []) if (i.kind === 'import-statement' && outputs[i.path]) eager.add(i.path);
  let shared = 0;
  let lazy = 0;
  for (const [out, o] of Object.entries(outputs)) {
    if (out === entry || !out.endsWith('.mjs')) continue;
    if (eager.has(out)) shared += o.bytes;
    else lazy += o.bytes;
  }
  return { shared, lazy };
}

/**
 * The web client beside the web function's bundle (public/, with graphql-ws's browser build in
 * public/vendor/ and the rules in public/rules/), so the HTTP API serves the page as `npm start` does,
 * its scripts bundled here (public/b/, and index.html naming the entry): the Lambda has no esbuild to
 * bundle them at a request (services/web/page-bundle.ts). Returns the bytes copied.
 */
async function copyWebClient(outdir: string): Promise<number> {
  const to = join(outdir, 'public');
  cpSync(join(ROOT, 'services', 'web', 'public'), to, { recursive: true });
  const out = await build({ ...bundleOptions(to), write: false });
  const bundle = bundleFiles(to, out.outputFiles.map((f) => ({ path: f.path, bytes: Buffer.from(f.contents) })));
  for (const [path, bytes] of bundle.files) {
    mkdirSync(dirname(join(to, path)), { recursive: true });
    writeFileSync(join(to, path), bytes);
  }
  writeFileSync(join(to, 'index.html'), pageWithBundle(readFileSync(join(to, 'index.html'), 'utf8'), bundle.entry));
  mkdirSync(join(to, 'vendor'), { recursive: true });
  cpSync(join(ROOT, 'node_modules', 'graphql-ws', 'umd', 'graphql-ws.min.js'), join(to, 'vendor', 'graphql-ws.js'));
  // The rules page reads /rules/<game>.md: served from public/rules/ there, as from docs/rules locally.
  cpSync(join(ROOT, 'docs', 'rules'), join(to, 'rules'), { recursive: true });
  return sizeOf(to);
}

function sizeOf(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((n, f) => n + sizeOf(join(path, f)), 0);
}

/** Bytes per package in a bundle, largest first. */
export function composition(metafile: Metafile, file: string): [string, number][] {
  const out = metafile.outputs[relative(ROOT, file).split(sep).join('/')] ?? Object.values(metafile.outputs)[0]!;
  const by = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    const pkg = input.includes('node_modules/') ? packageOf(packagePath(resolve(ROOT, input))!) : input.split('/').slice(0, 2).join('/');
    by.set(pkg, (by.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...by].sort((a, b) => b[1] - a[1]);
}

/** The functions the CDK stack deploys (infra/parlor-stack.ts): every entry but the floor. */
export const STACK_BUNDLES = (Object.keys(ENTRIES) as BundleName[]).filter((name) => name !== 'floor');

/**
 * Every function of the stack, each into <outdir>/<name>/, from one process: one start and one
 * esbuild service instead of one per function (the stack's `tryBundle` takes each from here:
 * infra/parlor-stack.ts, bundled()). One after the other: all at once took longer on 2 cores.
 */
export async function bundleAll(outdir: string, names: readonly BundleName[] = STACK_BUNDLES, options: BundleOptions = {}): Promise<Record<string, Bundle>> {
  const out: Record<string, Bundle> = {};
  for (const name of names) out[name] = await bundle(name, join(outdir, name), options);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --no-code-cache: a CODE_CACHED function without its cache; --node-args='<flags>': the V8 flags its runtime runs with.
  const flags = process.argv.slice(2).filter((a) => a.startsWith('--') && a !== '--all');
  const all = process.argv.includes('--all');
  const [name, outdir] = (all ? ['--all', ...process.argv.slice(2).filter((a) => !a.startsWith('--'))] : process.argv.slice(2).filter((a) => !a.startsWith('--'))) as [BundleName | '--all', string];
  if (!(name in ENTRIES || name === '--all') || !outdir) {
    console.error(`usage: npx tsx infra/bundle.ts <${Object.keys(ENTRIES).join('|')}> <outdir> [--no-code-cache] [--node-args='<V8 flags>']\n       npx tsx infra/bundle.ts --all <outdir> [the same flags]   (the stack's functions, each into <outdir>/<name>)`);
    process.exit(2);
  }
  const nodeArgs = flags.find((f) => f.startsWith('--node-args='))?.slice('--node-args='.length).split(' ').filter(Boolean);
  const options: BundleOptions = { codeCache: flags.includes('--no-code-cache') ? false : { nodeArgs } };
  const made = name === '--all' ? await bundleAll(resolve(outdir), STACK_BUNDLES, options) : { [name]: await bundle(name, resolve(outdir), options) };
  for (const [name, b] of Object.entries(made)) {
    console.log(`${name}: ${(b.bytes / 1024).toFixed(0)} KiB → ${relative(process.cwd(), b.file)}${b.sharedBytes ? ` + ${(b.sharedBytes / 1024).toFixed(0)} KiB of chunks it imports` : ''}${b.cacheBytes ? ` + ${(b.cacheBytes / 1024).toFixed(0)} KiB of V8 code cache` : ''}${b.lazyBytes ? ` (+ ${(b.lazyBytes / 1024).toFixed(0)} KiB of chunks read when first needed)` : ''}`);
    if (process.env.VERBOSE) for (const [pkg, bytes] of composition(b.metafile, b.file).slice(0, 25)) console.log(`  ${(bytes / 1024).toFixed(0).padStart(5)} KiB  ${pkg}`);
  }
}
