/**
 * GraphQL SDL written from zod schemas, the one source of the moves' (and events') published
 * JSON Schema: the typed moves in schema.graphql can never say other than what the server parses.
 * It walks zod's own schema objects instead of their JSON Schema because zod's JSON Schema writer
 * costs ~50 ms of CPU (docs/capacity.md, "cold start"), and this runs whenever a process builds its
 * GraphQL schema. A shape GraphQL cannot say (a union of objects, a mixed union, unknown) stays
 * JSON, and its description says why.
 */
import type { z } from 'zod';

type Mode = 'input' | 'output';

/** zod's schema object as this walker reads it (zod's classic API: def, description, the number getters). */
interface Zod {
  _zod: { def: { type: string; [k: string]: unknown } };
  description?: string;
  isInt?: boolean;
  minValue?: number | null;
  maxValue?: number | null;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const INT32 = 2 ** 31 - 1;

/** `sea-salt-and-paper` or `roundDraw` as PascalCase: `SeaSaltAndPaper`, `RoundDraw`. */
export const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

/** A GraphQL string literal (its escapes are JSON's). */
export const quoted = (s: string) => JSON.stringify(s);

/** A field or type description line, or nothing. */
const described = (text: string | undefined, indent = '') => (text ? `${indent}${quoted(text)}\n` : '');

/** What a field's type is in GraphQL: the named or list type, whether null never occurs, what its description adds. */
interface FieldType {
  type: string;
  nonNull: boolean;
  description?: string;
}

/** A set of named types under construction: a name is written once; the same name with another body is a generator bug. */
export class SdlTypes {
  private readonly bodies = new Map<string, string>();

  /** Adds `sdl` as type `name` (again is fine when it is the same). */
  add(name: string, sdl: string): string {
    const known = this.bodies.get(name);
    if (known !== undefined && known !== sdl) throw new Error(`two GraphQL types would be named ${name}`);
    this.bodies.set(name, sdl);
    return name;
  }

  /** Whether `name` is free for `sdl` (unused, or used by this very body). */
  fits(name: string, sdl: string): boolean {
    const known = this.bodies.get(name);
    return known === undefined || known === sdl;
  }

  toString(): string {
    return [...this.bodies.values()].join('\n\n');
  }
}

const def = (s: Zod) => s._zod.def;
const inner = (s: Zod) => def(s).innerType as Zod;

/** The range a zod number allows, for the description (JSON Schema's minimum/maximum). */
function range(s: Zod): string | undefined {
  // An integer without bounds has the safe integers' in zod: no bound worth saying.
  const min = Number.isFinite(s.minValue) && s.minValue! > Number.MIN_SAFE_INTEGER ? s.minValue! : undefined;
  const max = Number.isFinite(s.maxValue) && s.maxValue! < Number.MAX_SAFE_INTEGER ? s.maxValue! : undefined;
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}

/** How many items an array allows, for the description. */
function length(s: Zod): string | undefined {
  let min: number | undefined;
  let max: number | undefined;
  for (const c of (def(s).checks as { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[] | undefined) ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') min = d.minimum;
    if (d.check === 'max_length') max = d.maximum;
    if (d.check === 'length_equals') min = max = d.length;
  }
  if (min === undefined && max === undefined) return undefined;
  if (min === max) return `${min} items`;
  return max === undefined ? `at least ${min} items` : `${min ?? 0} to ${max} items`;
}

/** A description, then the limits JSON Schema states beside it in brackets: "First card (0 to 99)". */
const joined = (text: string | undefined, ...limits: (string | undefined)[]) => {
  const said = limits.filter(Boolean).join('; ');
  return [text, said && `(${said})`].filter(Boolean).join(' ') || undefined;
};

/**
 * The GraphQL type of `schema` in `mode`, adding any enum or object type it needs to `types`
 * under a name starting with `name`.
 */
export function graphqlType(schema: z.ZodType, mode: Mode, name: string, types: SdlTypes, enumName?: string): FieldType {
  const s = schema as unknown as Zod;
  const d = def(s);
  const own = s.description;
  const wrapped = (t: FieldType, nonNull: boolean): FieldType => ({ ...t, nonNull, description: [own, t.description].filter(Boolean).join(' ') || undefined });
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      // Absent and null are one in GraphQL: null on the way out, null or omitted on the way in.
      return wrapped(graphqlType(inner(s) as unknown as z.ZodType, mode, name, types, enumName), false);
    case 'readonly':
    case 'nonoptional': {
      const t = graphqlType(inner(s) as unknown as z.ZodType, mode, name, types, enumName);
      return wrapped(t, d.type === 'nonoptional' || t.nonNull);
    }
    case 'boolean':
      return { type: 'Boolean', nonNull: true, description: own };
    case 'string':
      return { type: 'String', nonNull: true, description: own };
    case 'number': {
      // Int only where the bounds keep it within GraphQL's 32 bits; a wider integer is a Float.
      const int = s.isInt === true && Math.max(Math.abs(s.minValue ?? -INT32), Math.abs(s.maxValue ?? INT32)) <= INT32;
      return { type: int ? 'Int' : 'Float', nonNull: true, description: joined(own, range(s)) };
    }
    case 'literal':
    case 'enum': {
      const values = d.type === 'enum' ? Object.values(d.entries as Record<string, unknown>) : (d.values as unknown[]);
      return { ...literals(values, name, types, enumName), description: own };
    }
    case 'array': {
      const item = graphqlType(d.element as z.ZodType, mode, name, types);
      return { type: `[${item.type}${item.nonNull ? '!' : ''}]`, nonNull: true, description: joined(own, length(s), each(item)) };
    }
    case 'tuple': {
      const items = (d.items as z.ZodType[]).map((x) => graphqlType(x, mode, name, types));
      const one = items[0];
      if (!one || d.rest || items.some((t) => t.type !== one.type || t.nonNull !== one.nonNull)) return json(own, 'a tuple of mixed types');
      return { type: `[${one.type}${one.nonNull ? '!' : ''}]`, nonNull: true, description: joined(own, `${items.length} items`, each(one)) };
    }
    case 'object': {
      const shape = d.shape as Record<string, z.ZodType>;
      if (Object.keys(shape).length === 0) return json(own, 'an empty object');
      return { type: objectType(shape, mode, name, own, types), nonNull: true, description: own };
    }
    case 'union': {
      const options = d.options as Zod[];
      if (options.every((o) => def(o).type === 'literal')) return { ...literals(options.flatMap((o) => def(o).values as unknown[]), name, types, enumName), description: own };
      return json(own, 'one of several shapes');
    }
    default:
      return json(own, `free-form (${d.type})`);
  }
}

/** What an array says of its items: "each 0 to 60", "each: a card id (0 to 57)". */
const each = (item: FieldType) => item.description && (/^\([^()]*\)$/.test(item.description) ? `each ${item.description.slice(1, -1)}` : `each: ${item.description}`);

/** JSON, saying why: a shape GraphQL cannot type. */
const json = (own: string | undefined, why: string): FieldType => ({ type: 'JSON', nonNull: true, description: [own, `JSON: ${why}, which GraphQL cannot type.`].filter(Boolean).join(' ') });

/**
 * A fixed set of values: an enum when they are names, else their scalar type. The enum takes the
 * short name (the game's and the field's: ScoutEnd) unless another set of values has it.
 */
function literals(values: unknown[], name: string, types: SdlTypes, short?: string): Omit<FieldType, 'description'> {
  if (values.every((v) => typeof v === 'string' && NAME.test(v) && !['true', 'false', 'null'].includes(v))) {
    if (values.length === 1) return { type: 'String', nonNull: true }; // a constant: its field says which
    const body = (n: string) => `enum ${n} {\n${values.map((v) => `  ${v as string}`).join('\n')}\n}`;
    const chosen = short !== undefined && types.fits(short, body(short)) ? short : name;
    types.add(chosen, body(chosen));
    return { type: chosen, nonNull: true };
  }
  const kinds = new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'Int' : 'Float') : typeof v === 'boolean' ? 'Boolean' : 'String')));
  if (kinds.size === 1) return { type: [...kinds][0]!, nonNull: true };
  return { type: 'JSON', nonNull: true };
}

/** The fields of an object type or input type (at least one: GraphQL has no empty types). */
export function fieldLines(shape: Record<string, z.ZodType>, mode: Mode, name: string, types: SdlTypes, enumScope?: string): string[] {
  return Object.entries(shape).map(([field, schema]) => {
    if (!NAME.test(field)) throw new Error(`${name}: "${field}" is not a GraphQL name`);
    const t = graphqlType(schema, mode, `${name}${pascal(field)}`, types, enumScope && `${enumScope}${pascal(field)}`);
    return `${described(t.description, '  ')}  ${field}: ${t.type}${t.nonNull ? '!' : ''}`;
  });
}

/** A nested object's type (its enums named by its path: a nested object is rare in a move). */
function objectType(shape: Record<string, z.ZodType>, mode: Mode, name: string, description: string | undefined, types: SdlTypes): string {
  const typeName = mode === 'input' ? `${name}Input` : name;
  const body = `${described(description)}${mode === 'input' ? 'input' : 'type'} ${typeName} {\n${fieldLines(shape, mode, name, types).join('\n')}\n}`;
  return types.add(typeName, body);
}
