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

let renewed = () => {};

/** Hears of a player token the server renewed (the Parlor-Token header: sliding expiry). */
export function onTokenRenewed(listener) {
  renewed = listener;
}

/**
 * This browser's id, the same for every account signed in here (Parlor-Device): the server counts a
 * tournament's entrants per device with it, and keeps two accounts of one browser off one duplicate tournament.
 */
function deviceId() {
  try {
    let id = localStorage.getItem('parlor.device');
    if (!id) localStorage.setItem('parlor.device', (id = crypto.randomUUID().replaceAll('-', '')));
    return id;
  } catch {
    return null; // storage refused: the server falls back to the token's device
  }
}

async function call(method, path, body, token) {
  const device = deviceId();
  const res = await fetch(path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(device ? { 'parlor-device': device } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const fresh = res.headers.get('parlor-token');
  if (fresh && token) renewed(token, fresh);
  return res.json();
}

export async function gql(query, variables = {}, token) {
  const body = await call('POST', '/graphql', { query, variables }, token);
  if (body.errors?.length) throw new ApiError(body.errors[0].message, body.errors[0].extensions?.code ?? 'ERROR');
  return body.data;
}

/** A REST call under /v1 (the passkey ceremonies are REST only). */
export async function rest(method, path, body, token) {
  const answer = await call(method, path, body, token);
  if (answer?.error) throw new ApiError(answer.error.message, answer.error.code);
  return answer;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
const TYPE = `name kind possibleTypes { name } fields { name args { type { kind } } type { ${TYPE_REF} } }`;
const COMPOSITE = ['OBJECT', 'UNION', 'INTERFACE'];

/**
 * The types a page draws, read from the schema by introspection: only those reachable from
 * the given roots (a few round trips of `__type`, a few kilobytes, instead of the whole schema).
 */
export class Schema {
  constructor() {
    this.types = new Map();
  }

  /** `roots` and every type they reach, except through the types named in `except`. */
  static async load(roots, except = []) {
    const schema = new Schema();
    let wanted = [...new Set(roots)];
    while (wanted.length) {
      // The server takes at most 30 aliases a request (docs/limits.md): a wide union comes in several.
      for (let at = 0; at < wanted.length; at += 30) {
        const data = await gql(`{ ${wanted.slice(at, at + 30).map((name, i) => `t${i}: __type(name: ${JSON.stringify(name)}) { ${TYPE} }`).join(' ')} }`);
        for (const t of Object.values(data)) if (t) schema.types.set(t.name, t);
      }
      const referenced = [...schema.types.values()].flatMap((t) => [...(t.fields ?? []).map((f) => innermost(f.type)).filter((r) => COMPOSITE.includes(r.kind)).map((r) => r.name), ...(t.possibleTypes ?? []).map((p) => p.name)]);
      wanted = [...new Set(referenced)].filter((name) => !schema.types.has(name) && !except.includes(name));
    }
    return schema;
  }

  /** A Game with every field but its history and typed moves (the page reads legalMoves), its view as the game type's own view type. */
  gameSelection(viewType) {
    return `${this.selection('Game', ['view', 'history', 'typedLegalMoves'])} view { __typename ... on ${viewType} { ${this.selection(viewType)} } }`;
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
      parts.push(inner && COMPOSITE.includes(inner.kind) ? `${f.name} { ${this.selection(named, [], depth + 1)} }` : f.name);
    }
    return parts.join(' ') || '__typename';
  }
}

function innermost(ref) {
  while (ref.ofType) ref = ref.ofType;
  return ref;
}

function namedType(ref) {
  return innermost(ref).name;
}

/** A graphql-ws client for one seat token (or a spectator); reconnects by itself. */
export function socket(token) {
  // On AWS the WebSocket API has its own address, which the server names in a meta tag.
  const configured = document.querySelector('meta[name="parlor-websocket"]')?.getAttribute('content');
  const url = configured || `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
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
