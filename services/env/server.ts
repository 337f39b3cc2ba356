/**
 * The environment as a process: JSON lines on stdin, one reply line each on stdout (protocol.ts).
 * The Python package (python/parlor_env) starts it with `npx tsx services/env/server.ts`.
 * An error becomes `{ "error": { "code", "message" } }` and the process goes on.
 */
import { createInterface } from 'node:readline';
import { MAX_LINE, Session } from './protocol.js';

const session = new Session();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out: string[] = [];
let flushing = false;

function flush(): void {
  flushing = false;
  if (out.length) process.stdout.write(out.join('\n') + '\n');
  out.length = 0;
}

function send(line: string): void {
  out.push(line);
  if (!flushing) {
    flushing = true;
    // Replies read in one burst of input leave in one write.
    setImmediate(flush);
  }
}

lines.on('line', (line) => {
  let id: unknown;
  try {
    if (line.length > MAX_LINE) throw Object.assign(new Error(`a request line holds at most ${MAX_LINE} characters`), { code: 'ENV_LINE_TOO_LONG' });
    const req = JSON.parse(line) as Record<string, unknown>;
    id = req.id;
    send(JSON.stringify(session.handle(req)));
  } catch (e) {
    const err = e as Error & { code?: string };
    const code = err.code ?? (e instanceof SyntaxError ? 'ENV_BAD_JSON' : 'ENV_ERROR');
    send(JSON.stringify({ ...(id === undefined ? {} : { id }), error: { code, message: err.message } }));
  }
});
lines.on('close', () => {
  flush();
  process.stdout.end();
});
