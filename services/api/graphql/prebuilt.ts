/**
 * The composed schema (schema.ts composeSchema) without its descriptions, made when a Lambda
 * bundle is built (infra/bundle.ts, prebuiltSchema). Descriptions are ~70% of the SDL's ~100 KB
 * and only introspection reads them, which production refuses (limits/documents.ts). It is carried
 * parsed, as a compact JSON document (schema.ts compactDocument: graphql's parser costs a cold
 * start more than JSON.parse of the same tree), and a cold start composes nothing: composing reads every game's typed moves from
 * its zod schemas, which would evaluate every game (the bundle's registry loads a game on first
 * use: infra/bundle.ts lazyRegistry). Unbundled (`npm start`, the tests) it is empty and the whole
 * text is composed and parsed. It stands in only for what it was made from: the registry's own
 * games, and concerns with the same SDL (schema.ts parsedSchema); others compose as before.
 */
export interface PrebuiltSchema {
  /** SHA-256 (hex) of the composed SDL it was made from (a record: the bundle test finds it). */
  sha256: string;
  /** SHA-256 of the concerns' SDL it was made with (schema.ts partsHash). */
  partsSha256: string;
  /** That SDL without descriptions, parsed, in schema.ts compactDocument's form. */
  document: unknown;
}

export const prebuilt: PrebuiltSchema | undefined = undefined;
