/**
 * A whole SCOUT game played over REST with random moves while both seats' NDJSON streams run,
 * plus a spectator's stream opened while a move is being answered: every stream gets every
 * version once, in order, up to the one that ends the game (the streams' contract: no version is
 * coalesced or skipped; docs/limits.md "REST streams"). A line once went missing at version 37.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import type { Reactions } from '../../services/app/reactions.js';
import { serverMoveDue } from '../../services/bots/runner.js';

const server = useServer();

/** Reads an NDJSON stream to its end; blank lines (keepalives) are skipped. */
async function readAll(res: Response): Promise<any[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const lines: any[] = [];
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return lines;
    buffered += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl).trim();
      buffered = buffered.slice(nl + 1);
      if (line) lines.push(JSON.parse(line));
    }
  }
}

/** A small seeded generator (mulberry32), so a failing game can be played again from its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stream = (id: string, token?: string) => fetch(`${server.url}/v1/games/${id}/stream`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('REST streams over a whole game', () => {
  for (const seed of [37, 2026, 7, 11]) {
    it(`a SCOUT game of random moves (seed ${seed}): each stream has every version in order, ending with the game`, async () => {
      const pick = random(seed);
      const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2, seed: `long-${seed}` })).body;
      const tokens = [
        (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Ann' })).body.token as string,
        (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Bob' })).body.token as string,
      ];
      const seats = await Promise.all(tokens.map((t) => stream(created.id, t)));
      const reading = seats.map(readAll);
      let late: Promise<any[]> | undefined;
      let moves = 0;
      for (; moves < 5000; moves++) {
        const seen = await Promise.all(tokens.map(async (t) => (await server.rest('GET', `/v1/games/${created.id}`, undefined, t)).body));
        if (seen[0].status.over) break;
        const mover = seen.findIndex((g) => g.legalMoves.length > 0);
        const legal = seen[mover].legalMoves;
        const played = server.rest('POST', `/v1/games/${created.id}/moves`, { move: legal[Math.floor(pick() * legal.length)] }, tokens[mover]);
        // A spectator joins while the tenth move is being answered: its first line races that commit.
        if (moves === 10) late = stream(created.id).then(readAll);
        expect((await played).status).toBe(200);
      }
      const final = (await server.rest('GET', `/v1/games/${created.id}`)).body;
      expect(final.status.over).toBe(true);
      expect(final.version).toBeGreaterThan(25); // both rounds played out
      const all = [...(await Promise.all(reading)), await late!];
      for (const [i, lines] of all.entries()) {
        const versions = lines.map((l) => l.version);
        expect(versions, `stream ${i}`).toEqual(Array.from({ length: final.version - versions[0] + 1 }, (_, k) => versions[0] + k));
        expect(lines.at(-1).status.over).toBe(true);
      }
      expect(all[0]![0].version).toBe(all[1]![0].version); // both seats from the version they opened at
    });
  }

  it("a game against a bot: the bot's commits, made beside the reactions to the human's, reach the streams in order too", async () => {
    const pick = random(5);
    const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2, bots: [{ seat: 1, kind: 'random' }] })).body;
    expect(created.id, JSON.stringify(created)).toBeTruthy();
    const token = (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Ann' })).body.token as string;
    const reading = [stream(created.id, token).then(readAll), stream(created.id).then(readAll)];
    for (let moves = 0; moves < 5000; moves++) {
      await server.play.bots.idle();
      const seen = (await server.rest('GET', `/v1/games/${created.id}`, undefined, token)).body;
      if (seen.status.over) break;
      if (!seen.legalMoves.length) continue;
      const played = await server.rest('POST', `/v1/games/${created.id}/moves`, { move: seen.legalMoves[Math.floor(pick() * seen.legalMoves.length)], expectedVersion: seen.version }, token);
      expect([200, 409]).toContain(played.status);
    }
    const final = (await server.rest('GET', `/v1/games/${created.id}`)).body;
    expect(final.status.over).toBe(true);
    for (const [i, lines] of (await Promise.all(reading)).entries()) {
      const versions = lines.map((l) => l.version);
      expect(versions, `stream ${i}`).toEqual(Array.from({ length: final.version - versions[0] + 1 }, (_, k) => versions[0] + k));
    }
  });

  it('a commit landing between the stream reading the game and its first line is not lost', async () => {
    const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2 })).body;
    const tokens = [(await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Ann' })).body.token as string, (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Bob' })).body.token as string];
    const play = async () => {
      const seen = await Promise.all(tokens.map(async (t) => (await server.rest('GET', `/v1/games/${created.id}`, undefined, t)).body));
      const mover = seen.findIndex((g) => g.legalMoves.length > 0);
      expect((await server.rest('POST', `/v1/games/${created.id}/moves`, { move: seen[mover].legalMoves[0] }, tokens[mover])).status).toBe(200);
    };
    // The stream's read of the game returns, and a move is committed before the route goes on.
    const service = server.service;
    const load = service.load.bind(service);
    service.load = async (id: string) => {
      const agg = await load(id);
      service.load = load;
      await play();
      return agg;
    };
    const res = await stream(created.id);
    const lines = readAll(res);
    await play();
    for (let over = false; !over; ) {
      await play().catch(() => undefined);
      over = (await server.rest('GET', `/v1/games/${created.id}`)).body.status.over;
    }
    const versions = (await lines).map((l) => l.version);
    expect(versions).toEqual(Array.from({ length: versions.at(-1) - versions[0] + 1 }, (_, k) => versions[0] + k));
  });

  it("a bot's commit published before the human's it follows (the human's reactions still under way) is held back, not the human's dropped", async () => {
    const created = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2, seed: 'ahead', bots: [{ seat: 1, kind: 'random' }] })).body;
    const token = (await server.rest('POST', `/v1/games/${created.id}/join`, { name: 'Ann' })).body.token as string;
    await server.play.bots.idle();
    let seen = (await server.rest('GET', `/v1/games/${created.id}`, undefined, token)).body;
    while (!seen.legalMoves.length) {
      await server.play.bots.idle();
      seen = (await server.rest('GET', `/v1/games/${created.id}`, undefined, token)).body;
    }
    // The human's next commit (seen.version + 1) finishes its reactions only after the bot's answer
    // to it (seen.version + 2) has been committed and published.
    const human = seen.version + 1;
    let botCommitted!: () => void;
    const bot = new Promise<void>((resolve) => (botCommitted = resolve));
    server.service.onCommit((agg) => void (agg.id === created.id && agg.version === human + 1 && botCommitted()));
    (server as unknown as { reactions: Reactions }).reactions.add({ name: 'test-slow-after-human', apply: async (agg) => void (agg.id === created.id && agg.version === human && serverMoveDue(agg) && (await bot)) });
    const res = await stream(created.id, token);
    const lines = readAll(res);
    // (The fixed seed deals a hand where this move hands the turn to the bot.)
    expect((await server.rest('POST', `/v1/games/${created.id}/moves`, { move: seen.legalMoves[0] }, token)).status).toBe(200);
    expect((await server.rest('POST', `/v1/games/${created.id}/resign`, {}, token)).status).toBe(200);
    const versions = (await lines).map((l) => l.version);
    expect(versions.slice(0, 3)).toEqual([seen.version, human, human + 1]);
    expect(versions).toEqual(Array.from({ length: versions.at(-1) - versions[0] + 1 }, (_, k) => versions[0] + k));
  });
});
