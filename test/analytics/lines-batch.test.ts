/**
 * A simulator thread's batch (services/analytics/ndjson.ts `LinesBatch`) encodes each game's lines
 * as they are added, into one growing buffer per file: what the writer receives must be, byte for
 * byte, the UTF-8 of the lines in the order added, however many times a buffer grew on the way.
 */
import { describe, expect, it } from 'vitest';
import { LinesBatch, type GameLines } from '../../services/analytics/ndjson.js';

/** Game i's lines: sizes vary (some far above the buffer's first 64 KB), and some text is not ASCII (two- and three-byte characters, a surrogate pair). */
function linesOf(i: number): GameLines {
  const name = i % 3 === 0 ? 'Ünïcode ☃ 𝄞' : 'ascii';
  const long = i % 7 === 0 ? 'x'.repeat(70_000 + i) : '';
  return {
    game: `{"id":"g-${i}","name":"${name}${long}"}\n`,
    events: '',
    eventCount: i,
    moves: '',
    plays: `{"gameId":"g-${i}","moves":[${Array.from({ length: i % 50 }, (_, k) => `[${k % 2},{"type":"show","from":${k}}]`).join(',')}]}\n`,
  };
}

describe('LinesBatch', () => {
  it('hands over, per file, the UTF-8 of every line added, in order, across many growths of its buffers', () => {
    const batch = new LinesBatch();
    const all = Array.from({ length: 300 }, (_, i) => linesOf(i));
    for (const lines of all) batch.add(lines);
    const { batch: encoded, transfer } = batch.encode();
    const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
    expect(text(encoded.games)).toBe(all.map((l) => l.game).join(''));
    expect(text(encoded.plays)).toBe(all.map((l) => l.plays).join(''));
    // Tables no game wrote are absent, not empty buffers.
    expect(encoded.events).toBeUndefined();
    expect(encoded.moves).toBeUndefined();
    expect(encoded.gameCount).toBe(300);
    expect(encoded.eventCount).toBe(all.reduce((n, l) => n + l.eventCount, 0));
    // The bound the thread batches by counts bytes, as written.
    expect(batch.chars).toBe(encoded.games.length + encoded.plays!.length);
    // Every buffer handed over is the batch's own (transferable), one per file written.
    expect(transfer).toEqual([encoded.games.buffer, encoded.plays!.buffer]);
  });

  it('never cuts a line whose characters take more bytes than it has characters, at the end of a buffer', () => {
    const batch = new LinesBatch();
    // Lines of three-byte characters, of many lengths: some land where the buffer has room for their characters but not their bytes.
    const all = Array.from({ length: 3000 }, (_, i) => ({ game: `${'☃'.repeat((i * 37) % 101)}\n`, events: '', eventCount: 0, moves: '' }));
    for (const lines of all) batch.add(lines);
    expect(new TextDecoder().decode(batch.encode().batch.games)).toBe(all.map((l) => l.game).join(''));
  });
});
