/**
 * The public API, as any client sees it: GraphQL over HTTP (fetch) and graphql-ws
 * subscriptions (graphql-ws's browser build, served locally as window.graphqlWs).
 * Selection sets are built from the schema itself (introspection), so the client asks for
 * every field a view has, whatever the server's version names them.
 */

export class ApiError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

export async function gql(query, variables = {}, token) {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new ApiError(body.errors[0].message, body.errors[0].extensions?.code ?? 'ERROR');
  return body.data;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
/** The part of the schema the client needs; main.js asks for it beside the catalog, in one request. */
export const INTROSPECTION_FIELDS = `__schema { mutationType { name } types { name kind possibleTypes { name }
  fields { name args { name type { kind } } type { ${TYPE_REF} } } } }`;

/** The schema's types by name, and helpers to write selection sets from them. */
export class Schema {
  constructor(types) {
    this.types = new Map(types.map((t) => [t.name, t]));
  }

  static from(data) {
    const schema = new Schema(data.__schema.types);
    schema.mutations = new Set(schema.types.get(data.__schema.mutationType.name).fields.map((f) => f.name));
    return schema;
  }

  /** A Game with every field but its history, its view as the game type's own view type. */
  gameSelection(viewType) {
    return `${this.selection('Game', ['view', 'history'])} view { __typename ... on ${viewType} { ${this.selection(viewType)} } }`;
  }

  has(typeName, field) {
    return !!this.types.get(typeName)?.fields?.some((f) => f.name === field);
  }

  /** Every field of a type, recursively; fields that need arguments are left out, as are `skip`. */
  selection(typeName, skip = [], depth = 0) {
    const type = this.types.get(typeName);
    if (!type || depth > 8) return '__typename';
    if (type.kind === 'UNION' || type.kind === 'INTERFACE') {
      return `__typename ${type.possibleTypes.map((p) => `... on ${p.name} { ${this.selection(p.name, [], depth + 1)} }`).join(' ')}`;
    }
    const parts = [];
    for (const f of type.fields ?? []) {
      if (skip.includes(f.name) || f.args.some((a) => a.type.kind === 'NON_NULL')) continue;
      const named = namedType(f.type);
      const inner = this.types.get(named);
      parts.push(inner && ['OBJECT', 'UNION', 'INTERFACE'].includes(inner.kind) ? `${f.name} { ${this.selection(named, [], depth + 1)} }` : f.name);
    }
    return parts.join(' ') || '__typename';
  }
}

function namedType(ref) {
  while (ref.ofType) ref = ref.ofType;
  return ref.name;
}

/** A graphql-ws client for one seat token (or a spectator); reconnects by itself. */
export function socket(token) {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  return globalThis.graphqlWs.createClient({
    url,
    lazy: true,
    retryAttempts: 20,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A random command id so a retried move is applied once. */
export function commandId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
