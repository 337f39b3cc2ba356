/**
 * What a tournament of search bots costs the people on the same server (issue 35): another
 * client's trivial GraphQL read (`{ gameTypes { id } }`), its p50 and p90 over N reads spaced
 * 200 ms apart, on an idle server and then while a tournament of 7 × search:3 bots and one
 * registered player (SCOUT, 2 seats, 3 rounds) runs; and the server's CPU seconds (npm start's
 * whole process tree, every thread: the bot pool's too) per wall second meanwhile.
 *
 * It starts `npm start` of any checkout in a child process on a fresh data folder, so the same
 * script measures an older build (`--repo <another checkout>`: before) and this one (after):
 *
 *   nice -n 5 npx tsx bench/bot-load.ts [--repo DIR] [--reads 40] [--env BOT_WORKERS=0]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const repo = resolve(arg('repo', '.'));
const reads = Math.min(200, Math.max(5, Number(arg('reads', '40'))));
const extraEnv = Object.fromEntries(process.argv.flatMap((a, i) => (process.argv[i - 1] === '--env' ? [a.split('=') as [string, string]] : [])));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const data = mkdtempSync(join(tmpdir(), 'bot-load-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> {
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: any; errors?: { message: string }[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The CPU seconds (user + system, every thread) of one process. */
function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0; // gone meanwhile
  }
}

/** `npm start` and every process under it (npm, tsx, the server's node with its threads). */
function tree(root: number): number[] {
  const children = (pid: number): number[] => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!));
  return all;
}

const cpuOfTree = (root: number) => tree(root).reduce((sum, pid) => sum + cpuOf(pid), 0);

async function p50(n: number): Promise<{ p50: number; p90: number }> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await gql('{ gameTypes { id } }');
    ms.push(performance.now() - t);
    await sleep(200);
  }
  ms.sort((a, b) => a - b);
  return { p50: Math.round(ms[Math.floor(n / 2)]!), p90: Math.round(ms[Math.floor(n * 0.9)]!) };
}

const child = spawn('npm', ['start'], { cwd: repo, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, LOG_LEVEL: 'warn', ...extraEnv }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('the server did not start');
    if (await fetch(`${base}/graphql?query=%7B__typename%7D`).then(() => true, () => false)) break;
    await sleep(500);
  }
  const idle = await p50(reads);
  const { registerPlayer } = await gql('mutation { registerPlayer(name: "Host") { token } }');
  const host = registerPlayer.token as string;
  const { createTournament } = await gql('mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }', { i: { game: 'scout', seats: 2, rounds: 3, bots: Array(7).fill('search:3') } }, host);
  await gql('mutation($id: ID!) { joinTournament(id: $id) { id } }', { id: createTournament.id }, host);
  await gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id: createTournament.id }, host);
  await sleep(2000);
  const c0 = cpuOfTree(child.pid!);
  const w0 = performance.now();
  const busy = await p50(reads);
  const cpu = (cpuOfTree(child.pid!) - c0) / ((performance.now() - w0) / 1000);
  const t = (await gql('query($id: ID!) { tournament(id: $id) { rounds { boards { games { ended } } } } }', { id: createTournament.id })).tournament;
  const games = t.rounds.flatMap((r: any) => r.boards.flatMap((b: any) => b.games));
  console.log(JSON.stringify({ repo, env: extraEnv, reads, idle, during: busy, serverCpuPerWallSecond: Number(cpu.toFixed(2)), tournamentGames: games.length, ended: games.filter((g: any) => g.ended).length }));
} finally {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {}
  await sleep(1500);
  rmSync(data, { recursive: true, force: true });
}
