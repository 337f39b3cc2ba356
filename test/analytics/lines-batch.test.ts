/**
 * A simulator thread's batch (services/analytics/ndjson.ts, `LinesBatch`) is encoded into buffers
 * the writer hands back once written, so the next batch fills buffers that still hold the last
 * one's bytes: what it sends must be its own lines, byte for byte, whatever the spare buffers
 * held and however small they were.
 */
import { describe, expect, it } from 'vitest';
import { batchBuffers, LinesBatch, type GameLines } from '../../services/analytics/ndjson.js';

const game = (i: number, n: number): GameLines => ({
  game: `{"id":"g-${i}","note":"é${'x'.repeat(n)}"}\n`,
  events: '',
  eventCount: 2,
  moves: '',
  plays: `{"gameId":"g-${i}","moves":[${Array.from({ length: n }, (_, k) => `[${k % 3},"m${k}"]`).join(',')}]}\n`,
});
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

describe('LinesBatch', () => {
  it('fills buffers handed back (stale bytes in them, some too small) with exactly the new batch’s lines', () => {
    const spare: ArrayBuffer[] = [];
    for (let round = 0; round < 4; round++) {
      const batch = new LinesBatch(spare);
      const lines = Array.from({ length: 20 + round * 7 }, (_, i) => game(round * 100 + i, 5 + ((i * 37) % 400) + round * 300));
      for (const l of lines) batch.add(l);
      const { batch: encoded, transfer } = batch.encode();
      expect(text(encoded.games)).toBe(lines.map((l) => l.game).join(''));
      expect(text(encoded.plays)).toBe(lines.map((l) => l.plays).join(''));
      expect(encoded.gameCount).toBe(lines.length);
      expect(encoded.eventCount).toBe(2 * lines.length);
      expect(transfer).toEqual(batchBuffers(encoded));
      // What the writer hands back: the buffers, scribbled over as a worst case, plus a tiny one.
      for (const b of batchBuffers(encoded)) spare.push((new Uint8Array(b).fill(0x7b), b));
      spare.push(new ArrayBuffer(3));
    }
  });

  it('writes any text as TextEncoder encodes it: ASCII, accents, emoji, a lone surrogate', () => {
    // ASCII lines are written as Latin-1 (a copy), any other as UTF-8: each must give TextEncoder's bytes.
    const texts = ['{"a":1}\n', '{"name":"Zoë"}\n', '{"c":"€ 😀"}\n', '{"odd":"\ud800x"}\n', `{"long":"${'ÿ'.repeat(70_000)}"}\n`, '{"b":2}\n'];
    const batch = new LinesBatch([new ArrayBuffer(8)]);
    for (const t of texts) batch.add({ game: t, events: '', eventCount: 0, moves: '' });
    const written = batch.encode().batch.games;
    const expected = new TextEncoder().encode(texts.join(''));
    // Compared by length and first difference (a diff of 140 kB of bytes takes minutes to print).
    expect({ length: written.length, firstDifference: expected.findIndex((b, i) => written[i] !== b) }).toEqual({ length: expected.length, firstDifference: -1 });
  });
});
