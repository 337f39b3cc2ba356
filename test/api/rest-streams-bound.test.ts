/**
 * A game's NDJSON stream holds at most `streamBufferBytes` for a reader that does not read: past
 * it the server cuts the stream off (closing its connection and freeing the lines) instead of
 * queueing every version of the game in its memory. A reader that reads gets every version.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot } from '../../services/engine/core/index.js';
import { useServer } from '../kit/server.js';

const BOUND = 32 * 1024;
const server = useServer({ limits: { streamBufferBytes: BOUND } });

/** Opens a game's stream on a raw socket that, once the answer has begun, reads nothing more until `drain`. */
async function stalledStream(url: string, path: string, token: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => {
    socket.once('data', (b: Buffer) => {
      chunks.push(b);
      socket.pause();
      resolve();
    });
    socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${token}\r\n\r\n`);
  });
  return {
    /** Reads everything the server sent until the connection closes (or `ms` pass). */
    async drain(ms: number): Promise<string> {
      socket.on('data', (b: Buffer) => chunks.push(b));
      socket.resume();
      await Promise.race([closed, new Promise((r) => setTimeout(r, ms))]);
      socket.destroy();
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

describe('REST streams: a reader that does not read', () => {
  it('is cut off once its unread lines pass the bound; a reader that reads gets every version', async () => {
    const created = await server.service.create({ game: 'silver', seats: 4, seed: 'bound' });
    const tokens: string[] = [];
    for (let seat = 0; seat < 4; seat++) tokens.push((await server.service.join(created.id, `p${seat}`)).token);
    const path = `/v1/games/${created.id}/stream`;
    // Both streams answer (their first line is the game as it is) before the first move.
    const stalled = await stalledStream(server.url, path, tokens[0]!);
    const reading = (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tokens[1]}` } })).text();
    const rng = fastRng(1);
    let agg = await server.service.load(created.id);
    while (!agg.state.ended) {
      const seat = agg.table.status(agg.state).toMove[0]!;
      const move = randomBot(agg.table.view(agg.state, seat), agg.table.legalMoves(agg.state, seat), rng);
      agg = await server.service.move({ gameId: agg.id, token: tokens[seat]!, move: JSON.parse(JSON.stringify(move)) });
    }
    const final = agg.version;
    const text = await reading;
    // The stalled reader would have needed far more than the bound and the kernel's socket buffers.
    expect(text.length).toBeGreaterThan(4 * 1024 * 1024);
    const versions = (text: string) => text.split('\n').filter((l) => l.startsWith('{') && l.endsWith('}')).map((l) => JSON.parse(l).version as number);
    const got = versions(await stalled.drain(5_000));
    expect(got.length).toBeGreaterThan(0);
    expect(got.at(-1), 'the stalled stream was cut before the game ended').toBeLessThan(final);
    const all = versions(text);
    expect(all.at(-1), 'the reading stream saw the end').toBe(final);
    expect(all).toEqual([...new Set(all)].sort((a, b) => a - b));
  }, 120_000);
});
