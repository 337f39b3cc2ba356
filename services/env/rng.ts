/**
 * The environment's chance source: a seeded generator whose whole state is one number, so a
 * cloned game continues with the very same draws (the engine's own `fastRng` keeps its state in a
 * closure, which cannot be copied). Not secret: a research environment replays from its seed.
 */
import type { Rng } from '../engine/core/index.js';

export class CloneableRng implements Rng {
  constructor(public state: number) {
    this.state = state >>> 0;
  }

  /** A uniform integer in [0, n) (mulberry32; the bias for n far below 2^32 is negligible here). */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`rng.int(${n})`);
    const a = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  }

  clone(): CloneableRng {
    return new CloneableRng(this.state);
  }
}

/** A 32-bit seed from any integer or string (so `seed=7` and `seed="run-7"` both work). */
export function seedOf(seed: number | string): number {
  if (typeof seed === 'number' && Number.isInteger(seed)) return seed >>> 0;
  let h = 0x811c9dc5;
  for (const ch of String(seed)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
