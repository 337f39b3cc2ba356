/**
 * Runs a bundled handler (infra/bundle.ts) in a fresh `node` process: import, then answer
 * `events` one after the other, as a new Lambda execution environment would. Reports the
 * import time, the first event's time and the results. Asynchronous on purpose: the
 * DynamoDB API and stand-ins it talks to may run in the calling process.
 */
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export interface Run {
  /** Lambda's init phase: module load and the handler's wiring (the app, the schema, the clients). */
  importMs: number;
  firstMs: number;
  /** From the process start (Node's own start-up included) to the first event's answer. */
  totalMs: number;
  /** CPU time (user + system) of the process until the first answer: less sensitive than wall time to a busy machine. */
  cpuMs: number;
  results: any[];
}

const CHILD = `
const t0 = performance.now();
const { handler } = await import(process.env.BUNDLE);
const t1 = performance.now();
// As Lambda's: the time left counts down from 15 minutes (the lab's shard function asks it).
const deadline = Date.now() + 900000;
const context = { functionName: 'bundle', awsRequestId: 'r1', invokedFunctionArn: 'arn:aws:lambda:local:0:function:bundle', memoryLimitInMB: '1024', getRemainingTimeInMillis: () => deadline - Date.now() };
const results = [];
let t2, cpu;
for (const event of JSON.parse(process.env.EVENTS)) {
  results.push(await handler(event, context));
  if (t2 === undefined) {
    t2 = performance.now();
    cpu = process.cpuUsage();
  }
}
// Exit once the (possibly large) line is flushed: the SDK's keep-alive sockets would hold the process open.
process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstMs: t2 - t1, totalMs: t2, cpuMs: (cpu.user + cpu.system) / 1000, results }) + '\\n', () => process.exit(0));
`;

/**
 * Settings every run gets: region and credentials for the local stand-ins, quiet Powertools,
 * and a function name, so the handler builds itself at import as in Lambda's init phase.
 */
export const LOCAL_ENV = {
  AWS_LAMBDA_FUNCTION_NAME: 'bundle',
  AWS_REGION: 'local',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  POWERTOOLS_SERVICE_NAME: 'parlor',
  POWERTOOLS_METRICS_NAMESPACE: 'Parlor',
  POWERTOOLS_LOG_LEVEL: 'WARN',
  POWERTOOLS_METRICS_DISABLED: 'true',
};

export async function runBundle(file: string, events: unknown[], env: Record<string, string>): Promise<Run> {
  const options = {
    cwd: dirname(file),
    encoding: 'utf8' as const,
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { PATH: process.env.PATH, ...LOCAL_ENV, ...env, BUNDLE: pathToFileURL(file).href, EVENTS: JSON.stringify(events) },
  };
  let out: { stdout: string; stderr: string };
  try {
    out = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CHILD], options);
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`${file} failed: ${(e as Error).message}\n${stdout}\n${stderr}`);
  }
  const line = out.stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('{')) throw new Error(`${file} printed no result:\n${out.stdout}\n${out.stderr}`);
  return JSON.parse(line) as Run;
}
