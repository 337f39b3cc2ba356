/**
 * The engine bench's way of timing (bench/engine.ts, `benchEnginesThreaded`): each engine build on
 * a worker thread of its own, in a child process whose threads each collect their own garbage
 * (`--single-threaded-gc`), timed by that thread's CPU as the scheduler counts it
 * (/proc/self/task/<tid>/schedstat). The threads take turns: block b of the same seeds on one,
 * then on the other, the order alternating block by block, so both meet the same minutes.
 *
 * Why not the main thread and `process.cpuUsage()`, as before: the process's CPU also bills V8's
 * parallel GC helpers, which spin waiting for each other when the machine's cores are busy
 * elsewhere, and the concurrent compiler; both move with the load of the minute, so one row (Silver
 * amulet, 4 seats) read 2.5, 3.2 and 4.6 µs in three quiet runs while the two trees of each run
 * tracked each other. docs/analytics.md ("The engine bench") gives the A/A checks and repeated runs.
 *
 * As the child process's entry (`node --single-threaded-gc --import tsx bench/engine-thread.ts JSON`)
 * it prints the figures as JSON; as a worker (`workerData` set) it is one engine's thread.
 */
import { once } from 'node:events';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { benchEngines, blockSize, currentEngine, engineAt, engineFigure, engineRunner, processCpu, type BlockReading, type EngineFigure } from './engine.js';
import { ownTid, threadCpuUs } from './lab-engine.js';

/** What the child process is asked: one game, seat count and option set; `refs[k]` null for this tree's engine. */
export interface ThreadedAsk {
  gameId: string;
  seats: number;
  options: unknown;
  seconds: number;
  refs: (string | null)[];
  blocks: number;
  /** For the A/A comparisons in docs/analytics.md: the engines on this process's main thread instead, and/or timed by the process's CPU. */
  where?: 'worker' | 'main';
  clock?: 'thread' | 'process';
}

type Ask = { warm: number } | { perGame: true } | { block: number; n: number };

/** The same turns on this process's main thread (bench/engine.ts's `benchEngines`, with the chosen clock). */
async function inThisThread(ask: ThreadedAsk): Promise<EngineFigure[]> {
  const engines = await Promise.all(ask.refs.map(async (ref) => (ref === null ? currentEngine : (await engineAt(ref))!)));
  const tid = ownTid();
  return benchEngines(ask.gameId, ask.seats, ask.seconds, ask.options, engines, ask.blocks, ask.clock === 'process' ? processCpu : () => threadCpuUs(tid));
}

/** The worker's entry: TypeScript through tsx's loader, as the simulator's own threads load it. */
const BOOT = `
  (async () => {
    (await import('tsx/esm/api')).register();
    await import(${JSON.stringify(new URL(import.meta.url).href)});
  })();
`;

/** Every engine on a thread of its own, taking turns block by block; the figures in `refs`' order. */
async function threaded(ask: ThreadedAsk): Promise<EngineFigure[]> {
  if (ask.where === 'main') return inThisThread(ask);
  const threads = await Promise.all(
    ask.refs.map(async (ref) => {
      const worker = new Worker(BOOT, { eval: true, workerData: { engineThread: { gameId: ask.gameId, seats: ask.seats, options: ask.options, ref, clock: ask.clock } } });
      const [label] = (await once(worker, 'message')) as [string];
      const call = async <T>(a: Ask): Promise<T> => {
        worker.postMessage(a);
        return ((await once(worker, 'message')) as [T])[0];
      };
      return { worker, label, call, readings: [] as BlockReading[] };
    }),
  );
  try {
    // One at a time: warming both at once would hand each half the cores it will be timed on.
    for (const t of threads) await t.call({ warm: ask.seconds / threads.length });
    let perGame = 0;
    for (const t of threads) perGame = Math.max(perGame, await t.call<number>({ perGame: true }));
    const n = blockSize(ask.seconds, ask.blocks, threads.length, perGame);
    for (let b = 0; b < ask.blocks; b++) {
      for (const t of b % 2 ? [...threads].reverse() : threads) t.readings.push(await t.call<BlockReading>({ block: b, n }));
    }
    return threads.map((t) => engineFigure(t.label, t.readings));
  } finally {
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}

if (!isMainThread && workerData?.engineThread) {
  const { gameId, seats, options, ref } = workerData.engineThread as { gameId: string; seats: number; options: unknown; ref: string | null };
  const engine = ref === null ? currentEngine : await engineAt(ref);
  if (!engine) throw new Error(`no engine at ${ref}`);
  const tid = ownTid();
  const clock = workerData.engineThread.clock === 'process' ? processCpu : () => threadCpuUs(tid);
  const run = engineRunner(engine, gameId, seats, options, clock);
  parentPort!.on('message', (ask: Ask) => {
    if ('warm' in ask) parentPort!.postMessage((run.warm(ask.warm), 0));
    else if ('perGame' in ask) parentPort!.postMessage(run.perGame());
    else parentPort!.postMessage(run.block(ask.block, ask.n));
  });
  parentPort!.postMessage(engine.label);
} else if (isMainThread && process.argv[2]) {
  console.log(JSON.stringify(await threaded(JSON.parse(process.argv[2]) as ThreadedAsk)));
}
