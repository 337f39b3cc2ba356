/**
 * The seeded random stream hashes with SHA-256 written in JavaScript (services/engine/core/sha256.ts):
 * its digests must be node:crypto's, and the stream's words the very ones the node:crypto version
 * drew (a Uint32Array over the digest), or every recorded game's deal would change.
 */
import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rngFor } from '../../services/engine/core/rng.js';
import { PrefixHash, sha256Words, streamHash } from '../../services/engine/core/sha256.js';

const hex = (words: Uint32Array) => [...words].map((w) => w.toString(16).padStart(8, '0')).join('');

/** Texts around every padding edge (55, 56, 63, 64 bytes …), and some that are not ASCII. */
function texts(): string[] {
  const out: string[] = [];
  for (let n = 0; n <= 200; n++) out.push('x'.repeat(n));
  for (let n = 0; n < 300; n++) out.push(`${hash('sha256', String(n), 'hex')}:${n}:${n % 17}`);
  // Keys of two games' streams in turn (64-hex seeds share a first block within a game, not across),
  // a key that is that first block alone, and a non-ASCII key behind the same 64 characters.
  const seeds = [hash('sha256', 'a', 'hex'), hash('sha256', 'b', 'hex')];
  for (let n = 0; n < 40; n++) out.push(`${seeds[n % 2]}:${n >> 2}:${n % 3}`, `${seeds[n % 2]}`, `${seeds[n % 2]}é:${n}`);
  // The same 64 characters as different first bytes: a pair cut at the 64th, then a lone surrogate.
  out.push(`${'a'.repeat(63)}😀:1`, `${'a'.repeat(63)}\uD83D:1`);
  out.push('é', 'ümlaut:3:0', '象棋'.repeat(20), '😀'.repeat(15), 'a\u0000b', 'ʼ'.repeat(40));
  return out;
}

/** The stream as node:crypto drew it before: the digest's bytes read as 32-bit words in memory order. */
function referenceWords(key: string, count: number): number[] {
  const words: number[] = [];
  for (let block = 0; words.length < count; block++) {
    const digest = hash('sha256', `${key}:${block}`, 'buffer');
    words.push(...new Uint32Array(digest.buffer, digest.byteOffset, 8));
  }
  return words.slice(0, count);
}

describe('sha256Words', () => {
  it("gives node:crypto's digest for every text", () => {
    const out = new Uint32Array(8);
    for (const text of texts()) expect(hex(sha256Words(text, out)), JSON.stringify(text)).toBe(hash('sha256', text, 'hex'));
  });
});

describe('PrefixHash', () => {
  it("gives node:crypto's digest of the prefix and the counter, across padding edges and block counts", () => {
    const out = new Uint32Array(8);
    // prefixes of every length round one and two blocks, real keys and non-ASCII ones (a lone surrogate last)
    const prefixes = [...Array.from({ length: 140 }, (_, n) => 'k'.repeat(n)), `${hash('sha256', 'seed', 'hex')}:17:`, 'é-seed:0:', '象棋'.repeat(30), `${'a'.repeat(63)}\uD83D`];
    const counters = [0, 1, 9, 10, 99, 100, 12345, 2 ** 31, 2 ** 40 + 7];
    // texts() in order: two games' keys in turn, keys sharing 64 characters with the one before, non-ASCII
    for (const prefix of [...prefixes, ...texts()]) {
      const h = new PrefixHash(prefix);
      for (const n of counters) expect(hex(h.words(n, out)), `${JSON.stringify(prefix)} ${n}`).toBe(hash('sha256', `${prefix}${n}`, 'hex'));
    }
  });
});

describe('streamHash', () => {
  it("gives node:crypto's digest of `<seed>:<stream>:<n>`, for games' seeds in turn, and a stream made earlier keeps its digests", () => {
    const out = new Uint32Array(8);
    const seeds = [hash('sha256', 'a', 'hex'), hash('sha256', 'b', 'hex'), 'short-seed', `${'é'.repeat(64)}`, hash('sha256', 'a', 'hex')];
    const kept: [PrefixHash, string][] = [];
    for (const seed of seeds)
      for (const stream of [0, 1, 9, 10, 12345, 2 ** 40 + 7]) {
        const h = streamHash(seed, stream);
        kept.push([h, `${seed}:${stream}:`]);
        for (const n of [0, 7, 100]) expect(hex(h.words(n, out)), `${seed} ${stream} ${n}`).toBe(hash('sha256', `${seed}:${stream}:${n}`, 'hex'));
      }
    // the first block's state of a seed is not overwritten when another seed's is made
    for (const [h, prefix] of kept) expect(hex(h.words(3, out)), prefix).toBe(hash('sha256', `${prefix}3`, 'hex'));
  });
});

describe('rngFor', () => {
  it('draws the same numbers as the node:crypto stream did', () => {
    for (const [seed, stream] of [['bench-7', 3], [hash('sha256', 'lab', 'hex'), 12], ['é-seed', 0]] as const) {
      const rng = rngFor(seed, stream);
      // int(2 ** 32) returns each word as it is (no rejection, no modulo).
      const drawn = Array.from({ length: 40 }, () => rng.int(2 ** 32));
      expect(drawn).toEqual(referenceWords(`${seed}:${stream}`, 40));
    }
  });
});
