/**
 * The game's seeded random source.
 *
 * A counter-mode SHA-256 stream: unpredictable without the seed (a 32-bit PRNG seed could be
 * brute-forced from one's own hand), reproducible with it, and built on node:crypto alone.
 * Each commit gets its own stream, `rngFor(seed, n)`, keyed by how many events came before it,
 * so a verifier holding the revealed seed can replay every shuffle from the history.
 */
import { hash, randomBytes } from 'node:crypto';

export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** A fresh secret seed (hex), for games whose creator does not fix one. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function rngFor(seed: string, stream: number): Rng {
  return new HashRng(`${seed}:${stream}`);
}

/** Shared by every fresh stream until its first draw: most commits draw nothing, so they allocate nothing. */
const NO_WORDS = new Uint32Array(0);

class HashRng implements Rng {
  private block = 0;
  private words: Uint32Array = NO_WORDS;
  private next = 0;

  constructor(private readonly key: string) {}

  private word(): number {
    if (this.next >= this.words.length) {
      // the one-shot hash: the same digest as createHash().update().digest(), a third of the cost
      const digest = hash('sha256', `${this.key}:${this.block++}`, 'buffer');
      this.words = new Uint32Array(digest.buffer, digest.byteOffset, 8);
      this.next = 0;
    }
    return this.words[this.next++]!;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`rng.int(${n})`);
    // Rejection sampling keeps the draw exactly uniform.
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = this.word();
      if (w < limit) return w % n;
    }
  }
}

/** A fast, non-secret generator for bots and tests (mulberry32). */
export function fastRng(seed: number): Rng {
  let a = seed >>> 0;
  return {
    int(n: number) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const x = ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
      return Math.floor(x * n);
    },
  };
}
