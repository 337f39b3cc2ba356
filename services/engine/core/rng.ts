/**
 * The game's seeded random source.
 *
 * A counter-mode SHA-256 stream: unpredictable without the seed (a 32-bit PRNG seed could be
 * brute-forced from one's own hand), reproducible with it, and built on node:crypto alone.
 * Each commit gets its own stream, `rngFor(seed, n)`, keyed by how many events came before it,
 * so a verifier holding the revealed seed can replay every shuffle from the history.
 */
import { hash, randomBytes } from 'node:crypto';
import { streamHash, type PrefixHash } from './sha256.js';

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
  return new HashRng(seed, stream);
}

class HashRng implements Rng {
  private block = 0;
  /** The key's hash state and the current block's eight words; made at the first draw (most commits draw nothing). */
  private hash: PrefixHash | null = null;
  private words: Uint32Array | null = null;
  private next = 8;

  /** The stream's key is `<seed>:<stream>`; no text is built for it (sha256.ts `streamHash`). */
  constructor(
    private readonly seed: string,
    private readonly stream: number,
  ) {}

  private word(): number {
    if (this.next >= 8) {
      // SHA-256 of `<key>:<block>` in JavaScript (sha256.ts): the same digest as node:crypto's, without
      // its per-call crossing, and with the key's bytes and whole blocks made once per stream.
      this.hash ??= streamHash(this.seed, this.stream);
      this.words = this.hash.words(this.block++, this.words ?? new Uint32Array(8));
      this.next = 0;
    }
    // The digest's bytes read as little-endian words, as a Uint32Array over node's digest buffer read them.
    const w = this.words![this.next++]!;
    return ((w >>> 24) | ((w >>> 8) & 0xff00) | ((w << 8) & 0xff0000) | (w << 24)) >>> 0;
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
