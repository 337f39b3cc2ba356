/**
 * SHA-256 (FIPS 180-4) of a short string, in JavaScript: the seeded random stream (rng.ts) hashes
 * a key of a few dozen characters per 8 words it draws, and node:crypto's one-shot hash spends
 * about a microsecond per call crossing into C++ and back, several times this. The digest is
 * the same (test/core/sha256.test.ts compares it with node:crypto's on many inputs). `PrefixHash`
 * is the stream's form: its key's bytes and whole blocks made once, a counter's digits per digest.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** Scratch space, reused: one hash at a time (JavaScript runs one at a time on a thread). */
const W = new Int32Array(64);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const H = new Int32Array(8);
let bytes = new Uint8Array(256);
const encoder = new TextEncoder();

function compress(block: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const i = at + t * 4;
    W[t] = (block[i]! << 24) | (block[i + 1]! << 16) | (block[i + 2]! << 8) | block[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15]!;
    const w2 = W[t - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = H[0]!, b = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

/** Writes `text` as UTF-8 into `bytes` (grown as needed); its length in bytes. */
function utf8(text: string): number {
  // Room for the text at 3 bytes per UTF-16 unit (the most UTF-8 takes), the 0x80, the length and a block.
  const room = text.length * 3 + 72;
  if (bytes.length < room) bytes = new Uint8Array(room * 2);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return encoder.encodeInto(text, bytes).written;
    bytes[n++] = c;
  }
  return n;
}

/** The SHA-256 digest of `text` (UTF-8) as eight big-endian 32-bit words, written into `out`. */
export function sha256Words(text: string, out: Uint32Array): Uint32Array {
  const n = utf8(text);
  // Padding: 0x80, zeros to 56 mod 64, then the length in bits as 64 bits big-endian.
  const total = (((n + 8) >> 6) + 1) << 6;
  bytes[n] = 0x80;
  bytes.fill(0, n + 1, total);
  const bits = n * 8;
  bytes[total - 4] = bits >>> 24;
  bytes[total - 3] = bits >>> 16;
  bytes[total - 2] = bits >>> 8;
  bytes[total - 1] = bits;
  bytes[total - 5] = Math.floor(bits / 2 ** 32);
  H.set(IV);
  let at = 0;
  for (; at < total; at += 64) compress(bytes, at);
  for (let i = 0; i < 8; i++) out[i] = H[i]!;
  return out;
}

/**
 * The state after the first 64-byte block of the last prefix with an ASCII one, and that block's
 * text. A new array for each new block, never changed after: a stream's `PrefixHash` may hold it.
 */
let FIRST = new Int32Array(8);
let firstText = '';

/** Whether the first `n` characters of `text` are ASCII. */
function ascii(text: string, n: number): boolean {
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** `text` from `from` on as UTF-8 (a byte per character while it is ASCII, the usual key). */
function bytesOf(text: string, from: number): Uint8Array {
  if (!ascii(text, text.length)) return encoder.encode(text.slice(from)); // a lone surrogate as U+FFFD, as node:crypto writes it; digits never complete one
  const out = new Uint8Array(text.length - from);
  for (let i = from; i < text.length; i++) out[i - from] = text.charCodeAt(i);
  return out;
}

/** The last block or two of a `PrefixHash` digest: the prefix's tail, the counter's digits, the padding. */
const last = new Uint8Array(128);

/**
 * SHA-256 of `<prefix><n>` for one fixed prefix and counters n: what a game's random stream hashes
 * (`<seed>:<commit>:<block>`, rng.ts), 8 words per block. The prefix's whole 64-byte blocks are
 * compressed once, and its tail is kept as bytes, so each digest costs the compression of its
 * last block or two and the counter's digits: no text is built or encoded per digest.
 */
export class PrefixHash {
  private readonly mid: Int32Array;
  private readonly tail: Uint8Array;
  /** The prefix's length in bytes (UTF-8). */
  private readonly length: number;

  /** `made`: the state, tail and length already worked out (`streamHash`); `prefix` is then not read. */
  constructor(prefix: string, made?: { mid: Int32Array; tail: Uint8Array; length: number }) {
    if (made) {
      this.mid = made.mid;
      this.tail = made.tail;
      this.length = made.length;
      return;
    }
    // A game's streams share their first 64 characters (a real seed is 64 hex characters): that
    // block is compressed once for the game's first stream, not once per commit.
    let skipped = 0;
    if (firstText !== '' && prefix.startsWith(firstText)) {
      H.set(FIRST);
      skipped = 64;
    } else {
      H.set(IV);
      if (prefix.length >= 64 && ascii(prefix, 64)) {
        compress(bytesOf(prefix.slice(0, 64), 0), 0);
        FIRST = H.slice();
        firstText = prefix.slice(0, 64);
        skipped = 64;
      }
    }
    const b = bytesOf(prefix, skipped);
    let at = 0;
    for (; at + 64 <= b.length; at += 64) compress(b, at);
    this.mid = H.slice();
    this.tail = at === 0 ? b : b.slice(at);
    this.length = skipped + b.length;
  }

  /** The digest of `<prefix><n>` (n a whole number) as eight big-endian 32-bit words, written into `out`. */
  words(n: number, out: Uint32Array): Uint32Array {
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    const tail = this.tail.length;
    const m = tail + digits;
    last.set(this.tail);
    for (let i = m - 1, x = n; i >= tail; i--, x = Math.floor(x / 10)) last[i] = 48 + (x % 10);
    const total = (((m + 8) >> 6) + 1) << 6;
    last[m] = 0x80;
    last.fill(0, m + 1, total);
    const bits = (this.length + digits) * 8;
    last[total - 4] = bits >>> 24;
    last[total - 3] = bits >>> 16;
    last[total - 2] = bits >>> 8;
    last[total - 1] = bits;
    last[total - 5] = Math.floor(bits / 2 ** 32);
    H.set(this.mid);
    for (let at = 0; at < total; at += 64) compress(last, at);
    for (let i = 0; i < 8; i++) out[i] = H[i]!;
    return out;
  }
}

/**
 * The `PrefixHash` of `<seed>:<stream>:`, a game's random stream (rng.ts). For the seed whose first
 * block was compressed last (a real seed is 64 ASCII characters, and a game's commits share it),
 * that block's state is taken as it is and the tail's bytes are the stream's digits between two
 * colons: no key text is built, scanned or compared but the seed itself (the same string object
 * each commit of a game, so usually compared by identity). Any other seed: `new PrefixHash`.
 */
export function streamHash(seed: string, stream: number): PrefixHash {
  if (seed.length !== 64 || seed !== firstText || !Number.isSafeInteger(stream) || stream < 0) {
    const h = new PrefixHash(`${seed}:${stream}:`);
    if (seed === firstText) firstText = seed; // the seed's own string: the next commit's comparison is by identity
    return h;
  }
  let digits = 1;
  for (let x = stream; x >= 10; x = Math.floor(x / 10)) digits++;
  const tail = new Uint8Array(digits + 2);
  tail[0] = 58; // ':'
  for (let i = digits, x = stream; i >= 1; i--, x = Math.floor(x / 10)) tail[i] = 48 + (x % 10);
  tail[digits + 1] = 58;
  return new PrefixHash('', { mid: FIRST, tail, length: 64 + digits + 2 });
}
