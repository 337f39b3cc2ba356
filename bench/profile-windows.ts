/**
 * Charges a V8 CPU profile's samples to request windows (process.hrtime, the profiler's clock) and
 * prints, per way in, self time per request by function and the difference between two ways in:
 * what one costs over the other, located (bench/write-path-cpu.ts with PROFILE=1).
 */
import type { Profiler } from 'node:inspector';

// The embedded DynamoDB (dynalite) and the packages only it uses: its CPU is in every way in's window.
const EMBEDDED = new Set(['dynalite', 'abstract-level', 'memory-level', 'level', 'level-supports', 'level-transcoder', 'classic-level', 'browser-level', 'functional-red-black-tree', 'big.js', 'async', 'lock', 'once', 'lazy', 'buffer-crc32', 'module-error', 'maybe-combine-errors']);

/** Who owns a frame: a package (scoped ones by scope), a folder of services/, node's own modules, or V8's. */
export function owner(frame: { functionName: string; url: string }): string | undefined {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)' || functionName === '(root)') return '(program)';
    return undefined; // a builtin: charged to its caller's owner
  }
  const pkg = /node_modules\/((?:@[^/]+)|[^/]+)\//.exec(url)?.[1];
  if (pkg) return EMBEDDED.has(pkg) ? 'embedded DynamoDB' : pkg.startsWith('@smithy') || pkg.startsWith('@aws') ? '@aws-sdk + @smithy' : pkg;
  if (url.startsWith('node:')) return undefined; // node's own code: charged to the package that called it
  const own = /\/(services\/[^/]+|bench)\//.exec(url)?.[1];
  if (own === 'services/store' && /dynalite-iterators/.test(url)) return 'embedded DynamoDB';
  return own ?? url.replace(/^.*\//, '');
}

export function profileReport(profile: Profiler.Profile, windows: { via: string; from: bigint; to: bigint }[], [a, b]: [string, string], top: number, interval: number): void {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (id: number) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(services|bench)\//, '$1/')}:${lineNumber + 1}`;
  };
  const sorted = [...windows].sort((x, y) => (x.from < y.from ? -1 : 1));
  const count = new Map<string, number>();
  for (const w of windows) count.set(w.via, (count.get(w.via) ?? 0) + 1);
  const self = new Map<string, Map<string, number>>();
  // Inclusive time of the app's own functions and the libraries' entry points: each label once per sample.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, Map<string, number>>();
  // Self time by owner: a builtin's or node's own frame is charged to the nearest frame up its stack that has an
  // owner (node:http under fastify → fastify); with none (a socket callback at the root) to node's module itself.
  const owners = new Map<string, Map<string, number>>();
  const ownerOf = (id: number): string => {
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const o = owner(nodes.get(n)!.callFrame);
      if (o) return o;
    }
    const { url, functionName } = nodes.get(id)!.callFrame;
    return url.startsWith('node:') ? `node (${url.replace(/^node:(internal\/)?/, '').replace(/\/.*$/, '')}, no caller)` : `builtin ${functionName}`;
  };
  const ownerCache = new Map<number, string>();
  let t = profile.startTime;
  let w = 0;
  profile.samples!.forEach((id, i) => {
    t += profile.timeDeltas![i]!;
    const ns = BigInt(Math.round(t)) * 1000n;
    while (w < sorted.length && sorted[w]!.to < ns) w++;
    const win = sorted[w];
    if (!win || win.from > ns) return;
    // Each sample weighs one interval: a sample's wall-clock delta also holds the time the process
    // was preempted on a shared machine, which would be charged to whatever function was running.
    const dt = interval;
    const k = label(id);
    if (k.startsWith('(idle)')) return;
    const m = self.get(win.via) ?? new Map<string, number>();
    self.set(win.via, m);
    m.set(k, (m.get(k) ?? 0) + dt);
    const om = owners.get(win.via) ?? new Map<string, number>();
    owners.set(win.via, om);
    const o = ownerCache.get(id) ?? ownerOf(id);
    ownerCache.set(id, o);
    om.set(o, (om.get(o) ?? 0) + dt);
    const im = incl.get(win.via) ?? new Map<string, number>();
    incl.set(win.via, im);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) seen.add(label(n));
    for (const l of seen) im.set(l, (im.get(l) ?? 0) + dt);
  });
  const per = (via: string, k: string) => (self.get(via)?.get(k) ?? 0) / (count.get(via) ?? 1);
  const total = (via: string) => [...(self.get(via)?.values() ?? [])].reduce((x, y) => x + y, 0) / (count.get(via) ?? 1);
  for (const via of [a, b]) {
    console.log(`-- ${via}: ${count.get(via)} requests, sampled ${total(via).toFixed(0)} µs/request; self µs/request by function --`);
    console.log([...(self.get(via) ?? [])].map(([k]) => [k, per(via, k)] as const).sort((x, y) => y[1] - x[1]).slice(0, top).map(([k, v]) => `${v.toFixed(1).padStart(8)}  ${k}`).join('\n'));
  }
  const inclusive = (via: string, k: string) => (incl.get(via)?.get(k) ?? 0) / (count.get(via) ?? 1);
  for (const via of [a, b]) {
    console.log(`-- ${via}: inclusive µs/request by function (the app's own code and the larger library frames) --`);
    console.log([...(incl.get(via) ?? [])].map(([k]) => [k, inclusive(via, k)] as const).filter(([k, v]) => v >= (/(services|bench)\//.test(k) ? 15 : 60)).sort((x, y) => y[1] - x[1]).slice(0, top * 2).map(([k, v]) => `${v.toFixed(1).padStart(8)}  ${k}`).join('\n'));
  }
  // The table by owner: each way in's µs per request and the difference, so every µs of the gap lands in a named bucket.
  const byOwner = (via: string, k: string) => (owners.get(via)?.get(k) ?? 0) / (count.get(via) ?? 1);
  const ownerKeys = [...new Set([...(owners.get(a)?.keys() ?? []), ...(owners.get(b)?.keys() ?? [])])].sort((x, y) => byOwner(a, y) - byOwner(b, y) - (byOwner(a, x) - byOwner(b, x)));
  console.log(`-- self µs/request by owner: ${a}, ${b}, ${a} − ${b} --`);
  console.log(ownerKeys.map((k) => `${byOwner(a, k).toFixed(1).padStart(8)}${byOwner(b, k).toFixed(1).padStart(8)}${(byOwner(a, k) - byOwner(b, k)).toFixed(1).padStart(8)}  ${k}`).join('\n'));
  console.log(`${total(a).toFixed(1).padStart(8)}${total(b).toFixed(1).padStart(8)}${(total(a) - total(b)).toFixed(1).padStart(8)}  (all)`);
  const keys = new Set([...(self.get(a)?.keys() ?? []), ...(self.get(b)?.keys() ?? [])]);
  console.log(`-- ${a} − ${b}: ${(total(a) - total(b)).toFixed(0)} µs/request; by function --`);
  console.log([...keys].map((k) => [k, per(a, k) - per(b, k)] as const).sort((x, y) => y[1] - x[1]).slice(0, top).map(([k, v]) => `${v.toFixed(1).padStart(8)}  ${k}`).join('\n'));
  // The same difference by inclusive time: which caller (a hook runner, the resolver, the parser) holds the extra.
  const inclKeys = new Set([...(incl.get(a)?.keys() ?? []), ...(incl.get(b)?.keys() ?? [])]);
  console.log(`-- ${a} − ${b}: inclusive µs/request by function --`);
  console.log([...inclKeys].map((k) => [k, inclusive(a, k) - inclusive(b, k)] as const).sort((x, y) => y[1] - x[1]).slice(0, top).map(([k, v]) => `${v.toFixed(1).padStart(8)}  ${k}`).join('\n'));
}
