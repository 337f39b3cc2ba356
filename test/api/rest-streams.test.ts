/**
 * The REST streams (rest/streams.routes.ts) and the REST analytics routes: a game played over
 * REST is streamed to each seat and to a spectator as NDJSON, every version once and in order, each
 * line exactly what that seat saw then (checked against the replay route, seat by seat), so
 * nothing hidden leaks; the inbox streams a player's turns; the record and stats answer.
 */
import { describe, expect, it } from 'vitest';
import { registerPlayer, createAndJoin } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const server = useServer();

/** Reads an NDJSON stream until it ends or `enough` says so; blank lines (keepalives) are skipped. */
async function readLines(opened: { res: Response; abort: AbortController }, enough: (lines: any[]) => boolean = () => false): Promise<any[]> {
  const reader = opened.res.body!.getReader();
  const decoder = new TextDecoder();
  const lines: any[] = [];
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (line) lines.push(JSON.parse(line));
    }
    if (enough(lines)) break;
  }
  return lines;
}

async function open(path: string, token?: string) {
  const abort = new AbortController();
  const res = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal });
  return { res, abort };
}

describe('REST streams', () => {
  it("a game's stream gives each seat (and a spectator) every version once, in order, as that seat saw it, and ends with the game", async () => {
    const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2, seed: 'streams' })).body;
    const tokens = [
      (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Ann' })).body.token as string,
      (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Bob' })).body.token as string,
    ];
    const responses = await Promise.all([open(`/v1/games/${created.id}/stream`, tokens[0]), open(`/v1/games/${created.id}/stream`, tokens[1]), open(`/v1/games/${created.id}/stream`)]);
    for (const r of responses) expect(r.res.headers.get('content-type')).toContain('application/x-ndjson');
    const streams = responses.map((r) => readLines(r));
    // Play it out over REST: the first listed move of whoever is to move.
    for (let moves = 0; moves < 2000; moves++) {
      const seen = await Promise.all(tokens.map(async (t) => (await server.rest('GET', `/v1/games/${created.id}`, undefined, t)).body));
      if (seen[0].status.over) break;
      const mover = seen.findIndex((g) => g.legalMoves.length > 0);
      const played = await server.rest('POST', `/v1/games/${created.id}/moves`, { move: seen[mover].legalMoves[moves % seen[mover].legalMoves.length] }, tokens[mover]);
      expect(played.status, JSON.stringify(played.body)).toBe(200);
    }
    const [seat0, seat1, spectator] = await Promise.all(streams);
    const final = (await server.rest('GET', `/v1/games/${created.id}`)).body;
    expect(final.status.over).toBe(true);
    for (const lines of [seat0!, seat1!, spectator!]) {
      expect(lines.map((l) => l.version)).toEqual(Array.from({ length: lines.length }, (_, i) => lines[0].version + i));
      expect(lines.at(-1).version).toBe(final.version);
    }
    // Each seat's line at each version is what the replay route says that seat saw then.
    for (const [seat, lines] of [seat0!, seat1!].entries()) {
      for (const line of lines) {
        expect(line.seat).toBe(seat);
        const at = (await server.rest('GET', `/v1/games/${created.id}/at/${line.version}?seat=${seat}`, undefined, tokens[seat])).body;
        expect(line.view, `seat ${seat} at version ${line.version}`).toEqual(at.view);
        expect(line.legalMoves).toEqual(at.legalMoves);
      }
    }
    // A spectator sees no hand and has no moves.
    for (const line of spectator!) {
      expect(line.seat).toBeNull();
      expect(line.legalMoves).toEqual([]);
      if (line.view) expect(line.view.hand).toBeNull();
    }
    // The finished game's record and the statistics over REST.
    const record = await server.rest('GET', `/v1/games/${created.id}/record`);
    expect(record.status).toBe(200);
    expect(JSON.stringify(record.body)).toContain('streams'); // the revealed seed
    const stats = await server.rest('GET', '/v1/stats?game=scout&seats=2');
    expect(stats.status).toBe(200);
    expect(Array.isArray(stats.body)).toBe(true);
  });

  it('a running game has no record (403), and stats name their game', async () => {
    const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2 })).body;
    expect((await server.rest('GET', `/v1/games/${created.id}/record`)).body.error.code).toBe('FORBIDDEN');
    expect((await server.rest('GET', '/v1/stats')).status).toBe(400);
  });

  it("the inbox stream tells a player its turn; it needs a player token", async () => {
    expect((await server.rest('GET', '/v1/me/games/stream')).body.error.code).toBe('UNAUTHENTICATED');
    const ann = await registerPlayer(server, 'Ann');
    const bob = await registerPlayer(server, 'Bob');
    const opened = await open('/v1/me/games/stream', ann.token);
    expect(opened.res.status).toBe(200);
    const lines = readLines(opened, (ls) => ls.some((l) => l.awaitingMyMove));
    const id = await createAndJoin(server, { game: 'scout', seats: 2 }, [ann, bob]);
    const got = await lines;
    // Cut once the joins are answered; cut while one is under way: rest-streams-close.test.ts.
    opened.abort.abort();
    const turn = got.find((l) => l.awaitingMyMove)!;
    expect(turn.gameId).toBe(id);
    expect(turn.player).toBe(ann.id);
  });
});
