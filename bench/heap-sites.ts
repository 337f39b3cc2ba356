/**
 * Where a process allocates, by V8's sampling heap profiler (bench/write-path-cpu.ts with HEAP=1):
 * bytes allocated per counted request by the nearest frame of the app's own code (services/), and
 * by allocating function. Allocation is what the garbage collector later pays for, on and off the
 * main thread, so it shows in a request's CPU more than in its CPU samples (issue 33 item 5).
 */
import type { HeapProfiler } from 'node:inspector';

export function heapReport(profile: HeapProfiler.SamplingHeapProfile, requests: number, top: number): void {
  const own = new Map<string, number>();
  const self = new Map<string, number>();
  const name = (f: { functionName: string; url: string; lineNumber: number }) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(services|bench)\//, '$1/')}:${f.lineNumber + 1}`;
  const walk = (node: HeapProfiler.SamplingHeapProfileNode, app: string) => {
    const here = /\/services\//.test(node.callFrame.url) ? name(node.callFrame) : app;
    const bytes = node.selfSize;
    if (bytes) {
      own.set(here, (own.get(here) ?? 0) + bytes);
      const k = name(node.callFrame);
      self.set(k, (self.get(k) ?? 0) + bytes);
    }
    for (const c of node.children) walk(c, here);
  };
  walk(profile.head, '(no app frame)');
  const print = (title: string, m: Map<string, number>) => {
    console.log(`-- ${title}: bytes per counted request --`);
    console.log([...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `${(v / requests).toFixed(0).padStart(8)}  ${k}`).join('\n'));
  };
  print('by the nearest app frame (services/)', own);
  print('by allocating function', self);
}
