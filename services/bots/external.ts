/**
 * A bot of one's own: a child process that reads one JSON line per decision,
 * `{ game, seat, view, legalMoves }`, on stdin and answers with the index of its choice (a bare
 * integer) on one line of stdout. One process per seat for a whole run, closed at the end.
 *
 * `Bot` is synchronous (the lab plays whole games in a loop), so the process is held by a helper
 * thread that talks to it asynchronously; the caller posts the question and sleeps on a shared
 * flag (`Atomics.wait`, with a timeout) until the helper has the answer. The helper is plain
 * JavaScript, so it boots without the TypeScript loader, inside the lab's worker threads too.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Bot, BotContext, Rng } from '../engine/core/index.js';

export interface ExternalBot extends Bot {
  /** Ends the process (stdin closed, then killed if it lingers) and its helper thread. */
  close(): void;
}

export interface ExternalOptions {
  /** How long one decision may take, first one (the process's start) included. */
  timeoutMs?: number;
  cwd?: string;
}

export class ExternalBotError extends Error {}

type Reply = { line: string } | { exit: number | null; signal: string | null; stderr: string } | { error: string };

const HELPER = `
const { spawn } = require('node:child_process');
const { parentPort, workerData } = require('node:worker_threads');
const { command, cwd, flag: shared, port } = workerData;
const flag = new Int32Array(shared);
const reply = (message) => { port.postMessage(message); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); };
const child = spawn(command, { shell: true, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
let out = '';
let stderr = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  out += chunk;
  for (let i = out.indexOf('\\n'); i >= 0; i = out.indexOf('\\n')) { reply({ line: out.slice(0, i) }); out = out.slice(i + 1); }
});
child.stderr.setEncoding('utf8');
child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-1000); });
child.stdin.on('error', () => {}); // a dead process is reported by 'exit'
child.on('error', (e) => reply({ error: e.message }));
child.on('exit', (exit, signal) => { reply({ exit, signal, stderr }); port.close(); parentPort.close(); });
parentPort.on('message', (m) => {
  if (m === null) { child.stdin.end(); setTimeout(() => child.kill('SIGKILL'), 1000).unref(); }
  else child.stdin.write(m + '\\n');
});
`;

export function externalBot(command: string, o: ExternalOptions = {}): ExternalBot {
  const timeoutMs = o.timeoutMs ?? 10_000;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1: answers, port2 } = new MessageChannel();
  const helper = new Worker(HELPER, { eval: true, workerData: { command, cwd: o.cwd ?? process.cwd(), flag: flag.buffer, port: port2 }, transferList: [port2] });
  helper.unref(); // a run that forgets `close` still exits
  let dead: string | null = null;

  const fail = (why: string): never => {
    dead ??= why;
    close();
    throw new ExternalBotError(`external bot "${command}": ${why}`);
  };
  const describe = (r: Reply): string => {
    if ('error' in r) return `could not start: ${r.error}`;
    if ('exit' in r) return `the process ended (${r.signal ?? `exit code ${r.exit}`})${r.stderr.trim() ? `; stderr: ${r.stderr.trim()}` : ''}`;
    return `printed a line it was not asked for: ${JSON.stringify(r.line.slice(0, 80))}`;
  };
  const next = (port: MessagePort): Reply | undefined => receiveMessageOnPort(port)?.message as Reply | undefined;

  function close() {
    if (dead === 'closed') return;
    dead ??= 'closed';
    helper.postMessage(null);
  }

  const bot = (view: unknown, legalMoves: readonly unknown[], _rng: Rng, context: BotContext): unknown => {
    if (dead) throw new ExternalBotError(`external bot "${command}": ${dead}`);
    const early = next(answers);
    if (early) fail(describe(early));
    Atomics.store(flag, 0, 0);
    helper.postMessage(JSON.stringify({ game: context.game.id, seat: context.seat, view, legalMoves }));
    Atomics.wait(flag, 0, 0, timeoutMs);
    const reply = next(answers) ?? fail(`no answer within ${timeoutMs} ms`);
    if (!('line' in reply)) fail(describe(reply));
    const line = (reply as { line: string }).line.trim();
    const index = /^\d+$/.test(line) ? Number(line) : NaN;
    if (!Number.isInteger(index)) fail(`answered ${JSON.stringify(line.slice(0, 80))}, not the index of a legal move`);
    if (index >= legalMoves.length) fail(`answered ${index}, but there are ${legalMoves.length} legal moves (0..${legalMoves.length - 1})`);
    return legalMoves[index];
  };
  return Object.assign(bot, { close });
}
