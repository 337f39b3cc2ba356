/**
 * Clients generated from the public contract compile and play: graphql-codegen types a GraphQL
 * client from schema.graphql, openapi-typescript types a REST client from the served /docs/json;
 * one tsc run checks both clients (test/clients/) against the generated code, then each plays a
 * game of every kind to the end against a real server, choosing from legalMoves. The generated
 * code lives in a temporary folder under node_modules/.cache, never in git.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { codegen } from '@graphql-codegen/core';
import { getCachedDocumentNodeFromSchema } from '@graphql-codegen/plugin-helpers';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as operationsPlugin from '@graphql-codegen/typescript-operations';
import openapiTS, { astToString } from 'openapi-typescript';
import { fastRng } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { useServer } from '../kit/server.js';

const server = useServer({ limits: { devTools: true } }); // serves /docs/json
const root = resolve(import.meta.dirname, '../..');
/** graphql as the codegen plugins require it (CommonJS): a schema built by vitest's ESM copy is "from another realm" to them. */
const { buildASTSchema, lexicographicSortSchema, parse } = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const clients = join(root, 'test/clients');

/** The shortest game of each kind at its fewest seats: the clients, not the games, are under test. */
const cases: { game: string; seats: number; options: Record<string, unknown> }[] = [
  { game: 'scout', seats: 2, options: {} },
  { game: 'sea-salt-and-paper', seats: 2, options: { targetScore: 12 } },
  { game: 'seledyne', seats: 2, options: { stages: 1 } },
  { game: 'silver', seats: 2, options: { edition: 'dagger', rounds: 1 } },
];

/** What both clients export; the test loads them at run time (tsc has checked their types by then). */
interface Client {
  playGame(url: string, game: string, seats: number, options: Record<string, unknown>, choose: (n: number) => number): Promise<{ moves: number; result: { scores: number[]; winners: number[] }; viewType?: string; type?: string; typedMoves?: number }>;
}

let dir = '';
let diagnostics: string[] = [];

beforeAll(async () => {
  // A fresh folder under node_modules/.cache (out of git): the clients resolve graphql and @types/node from there.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  dir = mkdtempSync(join(root, 'node_modules/.cache/parlor-clients-'));
  mkdirSync(join(dir, 'generated'));
  for (const f of ['graphql-client.ts', 'rest-client.ts', 'operations.graphql']) copyFileSync(join(clients, f), join(dir, f));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));

  // graphql-codegen's core with the two plugins, given the schema as its CLI loads it (sorted): the same files as
  // `generate` of @graphql-codegen/cli writes (compared byte for byte), without the CLI's loaders and config
  // machinery, whose import and run cost ~3x the CPU of the generation itself.
  const schemaAst = lexicographicSortSchema(buildASTSchema(parse(readFileSync(join(root, 'schema.graphql'), 'utf8')), { assumeValidSDL: true }));
  const documents = [{ location: join(clients, 'operations.graphql'), document: parse(readFileSync(join(clients, 'operations.graphql'), 'utf8')) }];
  const config = { scalars: { JSON: 'unknown' }, enumsAsTypes: true };
  // typescript-operations types the client's operations and the inputs they use; typescript
  // (in its own file, so the two never declare one input twice) types the rest of the schema.
  const outputs = [
    ['graphql.ts', 'typescript-operations', operationsPlugin],
    ['schema.ts', 'typescript', typescriptPlugin],
  ] as const;
  for (const [file, name, plugin] of outputs) {
    const filename = join(dir, 'generated', file);
    writeFileSync(filename, await codegen({ filename, schema: getCachedDocumentNodeFromSchema(schemaAst), schemaAst, documents, config, plugins: [{ [name]: {} }], pluginMap: { [name]: plugin } }));
  }
  const doc = (await server.rest('GET', '/docs/json')).body;
  writeFileSync(join(dir, 'generated/openapi.ts'), astToString(await openapiTS(doc)));

  // One compiler run over both clients, with the repo's strictness.
  const program = ts.createProgram([join(dir, 'graphql-client.ts'), join(dir, 'rest-client.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    noUnusedLocals: true,
    skipLibCheck: true,
    noEmit: true,
  });
  diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n') + (d.file ? ` (${d.file.fileName.replace(dir, '')})` : ''));
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('generated clients', () => {
  it('covers every game in the catalog', () => {
    expect(cases.map((c) => c.game).sort()).toEqual(games.map((g) => g.id).sort());
  });

  it('both clients compile with tsc against the generated types', () => {
    expect(diagnostics).toEqual([]);
  });

  for (const kind of ['graphql', 'rest'] as const) {
    it.each(cases.map((c) => [c.game, c] as const))(`the ${kind} client plays %s to the end`, async (_name, { game, seats, options }) => {
      expect(diagnostics, 'the clients compile').toEqual([]);
      const client = (await import(/* @vite-ignore */ pathToFileURL(join(clients, `${kind}-client.ts`)).href)) as Client;
      const rng = fastRng(`${kind}-${game}`.length * 7919 + seats);
      const played = await client.playGame(server.url, game, seats, options, (n) => rng.int(n));
      expect(played.moves).toBeGreaterThan(seats);
      expect(played.result.scores).toHaveLength(seats);
      expect(played.result.winners.length).toBeGreaterThan(0);
      // Each client read its game as the typed one: GraphQL's view union, REST's discriminated Game.
      const viewType = games.find((g) => g.id === game)!.viewType;
      expect(kind === 'graphql' ? played.viewType : played.type).toBe(kind === 'graphql' ? viewType : game);
      // The GraphQL client plays SCOUT with typed moves only (typedLegalMoves read, typedMove sent).
      if (kind === 'graphql') expect(played.typedMoves).toBe(game === 'scout' ? played.moves : 0);
    });
  }
});
