/**
 * Each game's view as OpenAPI 3.0 components, made from the GraphQL SDL the game publishes
 * (`viewSchema`, which describes `view()` exactly): REST clients get the same typed view as
 * GraphQL ones, from one source, instead of an untyped map (issue #37).
 */
import { Kind, parse, type TypeNode } from 'graphql';
import type { AnyGame } from '../../engine/core/index.js';

type Schema = Record<string, unknown>;

const SCALARS: Record<string, Schema> = {
  Int: { type: 'integer' },
  Float: { type: 'number' },
  String: { type: 'string' },
  ID: { type: 'string' },
  Boolean: { type: 'boolean' },
  JSON: {},
};

/** The JSON Schema of a field's GraphQL type; `nullable` unless the type is non-null. */
function typeSchema(t: TypeNode, enums: Map<string, string[]>, nullable = true): Schema {
  if (t.kind === Kind.NON_NULL_TYPE) return typeSchema(t.type, enums, false);
  const nul = nullable ? { nullable: true } : {};
  if (t.kind === Kind.LIST_TYPE) return { type: 'array', items: typeSchema(t.type, enums), ...nul };
  const name = t.name.value;
  if (SCALARS[name]) return Object.keys(SCALARS[name]).length ? { ...SCALARS[name], ...nul } : SCALARS[name];
  if (enums.has(name)) return { type: 'string', enum: enums.get(name), ...nul };
  return nullable ? { allOf: [{ $ref: `#/components/schemas/${name}` }], nullable: true } : { $ref: `#/components/schemas/${name}` };
}

/** Every object type of every game's view SDL, by name (names are prefixed by the game). */
export function viewComponents(games: readonly AnyGame[]): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const game of games) {
    const doc = parse(game.viewSchema);
    const enums = new Map<string, string[]>();
    for (const d of doc.definitions) if (d.kind === Kind.ENUM_TYPE_DEFINITION) enums.set(d.name.value, (d.values ?? []).map((v) => v.name.value));
    for (const d of doc.definitions) {
      if (d.kind !== Kind.OBJECT_TYPE_DEFINITION) continue;
      const fields = d.fields ?? [];
      out[d.name.value] = {
        type: 'object',
        ...(d.description && { description: d.description.value }),
        required: fields.filter((f) => f.type.kind === Kind.NON_NULL_TYPE).map((f) => f.name.value),
        properties: Object.fromEntries(
          fields.map((f) => {
            const s = typeSchema(f.type, enums);
            return [f.name.value, f.description ? (s.$ref ? { allOf: [s], description: f.description.value } : { ...s, description: f.description.value }) : s];
          }),
        ),
      };
    }
  }
  return out;
}
