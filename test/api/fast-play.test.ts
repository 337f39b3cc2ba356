/**
 * A client plays at full speed within the default-shaped limits (issue #37): REST moves count
 * against their own per-address allowance (movesPerClientPerMinute), not the address's general one,
 * and the client follows the game by its NDJSON streams instead of polling. The door stays
 * bounded: over movesPerClientPerMinute a move is refused with RATE_LIMITED.
 */
import { describe, expect, it } from 'vitest';
import { useServer, type TestServer } from '../kit/server.js';

/** Plays a 2-seat SCOUT game over REST from its streams, up to `maxMoves` moves; the refusals met. */
async function playFromStreams(server: TestServer, maxMoves: number): Promise<{ moves: number; refused: string[]; over: boolean }> {
  const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2 })).body;
  const tokens: string[] = [];
  for (const name of ['Ann', 'Bob']) tokens.push((await server.rest('POST', `/v1/games/${created.id}/join`, { name })).body.token);
  const latest: any[] = [null, null];
  let wake: () => void = () => {};
  const aborts = tokens.map(() => new AbortController());
  const readers = tokens.map(async (token, seat) => {
    const res = await fetch(`${server.url}/v1/games/${created.id}/stream`, { headers: { authorization: `Bearer ${token}` }, signal: aborts[seat]!.signal });
    const reader = res.body!.getReader();
    let buffered = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffered += new TextDecoder().decode(value);
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl).trim();
          buffered = buffered.slice(nl + 1);
          if (line) latest[seat] = JSON.parse(line);
          wake();
        }
      }
    } catch {
      return; // cut by the test
    }
  });
  const refused: string[] = [];
  let moves = 0;
  let version = -1;
  while (moves < maxMoves) {
    // Wait until both streams have the newest version (the one the last move answered).
    while (!latest.every((g) => g && g.version >= version)) await new Promise<void>((r) => (wake = r));
    if (latest[0].status.over) break;
    const seat = latest.findIndex((g) => g.legalMoves.length > 0);
    const r = await server.rest('POST', `/v1/games/${created.id}/moves`, { move: latest[seat].legalMoves[0] }, tokens[seat]);
    if (r.status !== 200) {
      refused.push(r.body.error.code);
      break;
    }
    version = r.body.version;
    moves++;
  }
  const over = latest[0].status.over as boolean;
  for (const a of aborts) a.abort();
  await Promise.all(readers);
  return { moves, refused, over };
}

describe('playing fast', () => {
  // The address's general allowance far below what the game takes; moves have their own.
  const server = useServer({ limits: { perClientPerMinute: 12, movesPerClientPerMinute: 6000, perTokenPerMinute: 600 } });

  it('from one address, moves past the general allowance meet no refusal', async () => {
    const played = await playFromStreams(server, 24);
    expect(played.refused).toEqual([]);
    expect(played.moves).toBe(24); // twice the general allowance, beside the 5 other requests
  });
});

describe('the moves allowance is a bound', () => {
  const server = useServer({ limits: { perClientPerMinute: 40, movesPerClientPerMinute: 5, perTokenPerMinute: 600 } });

  it('over movesPerClientPerMinute a move is refused with RATE_LIMITED', async () => {
    const played = await playFromStreams(server, 100);
    expect(played.moves).toBe(5);
    expect(played.refused).toEqual(['RATE_LIMITED']);
  });
});
