/**
 * The composed schema (schema.ts composeSchema) without its descriptions, made when a Lambda
 * bundle is built (infra/bundle.ts, prebuiltSchema). Descriptions are ~70% of the SDL's ~100 KB
 * and only introspection reads them, which production refuses (limits/documents.ts): a cold
 * start parses the rest alone. Unbundled (`npm start`, the tests) it is empty and the whole text
 * is parsed. It stands in only for the very SDL it was made from: the composed text's SHA-256
 * must match, so other games or concerns simply parse as before.
 */
export interface PrebuiltSchema {
  /** SHA-256 (hex) of the composed SDL it was made from. */
  sha256: string;
  /** That SDL printed without descriptions. */
  sdl: string;
}

export const prebuilt: PrebuiltSchema | undefined = undefined;
