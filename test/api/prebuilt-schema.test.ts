/**
 * A Lambda bundle carries the GraphQL schema's text without descriptions, made at bundle time
 * (infra/bundle.ts prebuiltSchema, services/api/graphql/prebuilt.ts): it must describe the very
 * schema the server composes (types, fields, arguments, enums alike), and stand in only for the
 * registry's games and the concerns it was made from.
 */
import { describe, expect, it } from 'vitest';
import cjs from '../../services/api/limits/graphql-cjs.cjs';
import { compactDocument, composeSchema, documentFrom, parsedSchema, partsHash, sdlHash } from '../../services/api/graphql/schema.js';
import { prebuiltSchema } from '../../infra/bundle.js';
import { MODULES } from '../../services/modules/index.js';
import { games } from '../../services/engine/registry.js';

const { buildASTSchema, buildSchema, findBreakingChanges, findDangerousChanges, parse, print } = cjs.graphql;

// What a bundle carries, stood in for here by a schema of its own, so its use shows. (Passed, not
// module-mocked: test files share their worker's modules, vitest.config.ts.)
const fakeSdl = 'type Query { prebuilt: Int }';
const fake = { document: JSON.parse(compactDocument(parse(fakeSdl, { noLocation: true }))), sha256: '', partsSha256: partsHash(MODULES) };

describe('the schema a bundle carries', () => {
  it('is the composed schema without its descriptions: nothing added, removed or changed', async () => {
    const sdl = composeSchema(games, MODULES);
    const module = await prebuiltSchema();
    const carried = (await import(`data:text/javascript,${encodeURIComponent(module)}`)).prebuilt as { sha256: string; partsSha256: string; document: unknown };
    expect(carried.sha256).toBe(sdlHash(sdl));
    expect(carried.partsSha256).toBe(partsHash(MODULES));
    expect(/"description":\{/.test(JSON.stringify(carried.document))).toBe(false); // no description node left
    const full = buildSchema(sdl);
    const lean = buildASTSchema(documentFrom(carried.document), { assumeValidSDL: true });
    expect([...findBreakingChanges(full, lean), ...findDangerousChanges(full, lean), ...findBreakingChanges(lean, full), ...findDangerousChanges(lean, full)]).toEqual([]);
    expect(Object.keys(lean.getTypeMap()).sort()).toEqual(Object.keys(full.getTypeMap()).sort());
  });

  it('is carried as compact JSON that reads back as the very document graphql parses', () => {
    const doc = parse(composeSchema(games, MODULES), { noLocation: true });
    const compact = compactDocument(doc);
    expect(compact).not.toContain('"kind":"Name"');
    expect(documentFrom(JSON.parse(compact))).toEqual(JSON.parse(JSON.stringify(doc, (_k, v: unknown) => (Array.isArray(v) && v.length === 0 ? undefined : v))));
    expect(print(documentFrom(JSON.parse(compact)))).toBe(print(doc));
  });

  it('stands in only for what it was made from: the registry’s own games and the same concerns', () => {
    expect(print(parsedSchema(games, MODULES, fake))).toBe(print(parse(fakeSdl)));
    // Other games (even the same ones in another list: their typed moves are not read) or another
    // concern's SDL: composed and parsed as they are.
    const composed = (g: typeof games, parts: typeof MODULES) => print(parse(composeSchema(g, parts), { noLocation: true }));
    expect(print(parsedSchema([...games], MODULES, fake))).toBe(composed([...games], MODULES));
    expect(print(parsedSchema(games.slice(1), MODULES, fake))).toBe(composed(games.slice(1), MODULES));
    const extra = [...MODULES, { sdl: 'type Extra { x: Int }' }] as unknown as typeof MODULES;
    expect(print(parsedSchema(games, extra, fake))).toBe(composed(games, extra));
    expect(print(parsedSchema(games, MODULES.slice(1), fake))).toBe(composed(games, MODULES.slice(1)));
  });
});
