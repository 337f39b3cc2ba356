/**
 * Claim or wait (onTimeout ASK), over the real server and embedded DynamoDB, time driven by a
 * manual clock: a two-player Sea Salt & Paper game with a per-move clock (one seat to move at a
 * time). Given a seat out of time, when the other player chooses, then …
 */
import { describe, expect, it } from 'vitest';
import { verifyRecord } from '../../services/analytics/verify.js';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const clock = new ManualClock();
const server = useServer({ clock, webhooks: { privateAddresses: true } });
const receivers = [useReceiver(), useReceiver()];
const PER_MOVE = 5_000;

const GAME = `query($id: ID!) { game(id: $id) { version seed status { phase toMove over result { scores winners forfeited claimed } }
  legalMoves clocks { seat deadline remainingMs } timeoutClaim { seat since answerers } players { seat bot } } }`;
const read = async (id: string, token?: string) => (await server.gql(GAME, { id }, token)).data.game;
const claim = (id: string, choice: string, token?: string) =>
  server.gql('mutation($id: ID!, $c: TimeoutClaim!) { claimTimeout(gameId: $id, choice: $c) { version timeoutClaim { seat } status { over } } }', { id, c: choice }, token);

/** A game whose seat to move has just run out of time: its tokens by seat, the late seat and the other. */
async function timedOut(seed: string): Promise<{ id: string; tokens: string[]; late: number; other: number; players: Registered[] }> {
  const players = [await registerPlayer(server, `Ann ${seed}`), await registerPlayer(server, `Bob ${seed}`)];
  const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, timeControl: { perMove: 'PT5S' }, onTimeout: 'ASK', autoAdvance: false, seed }, players);
  await server.play.settle();
  const late = (await read(id)).status.toMove[0] as number;
  clock.advance(PER_MOVE);
  await server.play.settle();
  return { id, tokens: players.map((p) => p.token), late, other: 1 - late, players };
}

const lastCommit = async (id: string) => (await commits(server, id)).at(-1)!;

describe('claim or wait: a seat out of time under onTimeout ASK', () => {
  it('opens a question instead of a bot move: the seat keeps its turn, no clock runs for it, the other seat may answer', async () => {
    const { id, late, other } = await timedOut('ask-opens');
    expect(typesOf((await lastCommit(id)).events)).toEqual(['TimedOut', 'TimeoutClaimOpened']);
    const g = await read(id);
    expect(g.timeoutClaim).toEqual({ seat: late, since: new Date(clock.now()).toISOString(), answerers: [other] });
    expect(g.status.toMove).toEqual([late]);
    expect(g.clocks.find((c: any) => c.seat === late).deadline).toBeNull();
    // The game waits: hours later nothing has moved for the seat.
    clock.advance(10 * PER_MOVE);
    await server.play.settle();
    expect((await read(id)).version).toBe(g.version);
  });

  it('BOT: the game’s timeoutBot plays the seat for the rest of the game, which counts it as forfeited', async () => {
    const { id, tokens, late, other } = await timedOut('ask-bot');
    const r = await claim(id, 'BOT', tokens[other]);
    expect(r.errors).toBeUndefined();
    expect(r.data.claimTimeout.timeoutClaim).toBeNull();
    await server.play.settle();
    const history = await commits(server, id);
    expect(history.some((c) => typesOf(c.events).includes('TimeoutClaimed'))).toBe(true);
    expect(history.filter((c) => c.seat === late && c.by === 'bot:search:1').length).toBeGreaterThan(0);
    const g = await read(id);
    expect(g.players[late].bot).toBe('search:1');
    expect(g.players[other].bot).toBeNull();
  });

  it('END: the game ends where it stands, the timed-out seat last and out of the winners; the result says it ended by claim', async () => {
    const { id, tokens, late, other } = await timedOut('ask-end');
    const r = await claim(id, 'END', tokens[other]);
    expect(r.errors).toBeUndefined();
    const g = await read(id);
    expect(g.status.over).toBe(true);
    expect(g.status.result).toEqual({ scores: [0, 0], winners: [other], forfeited: [late], claimed: true });
    expect(g.seed).not.toBeNull(); // ended like any game: the seed is revealed
    expect(typesOf((await lastCommit(id)).events)).toEqual(['TimeoutClaimed', 'GameEnded']);
    const move = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: { type: 'draw' } }, tokens[late]);
    expect(move.errors?.[0]?.extensions?.code).toBe('GAME_OVER');
    // The published record replays the stop like any command, and verifies.
    const record = (await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id })).data.gameRecord;
    expect(record.commits.at(-1).command).toEqual({ type: 'stop', last: [late] });
    expect(verifyRecord(record)).toMatchObject({ ok: true });
  });

  it('WAIT: the seat keeps its turn with a fresh period; running out again asks again', async () => {
    const { id, tokens, late, other } = await timedOut('ask-wait');
    expect((await claim(id, 'WAIT', tokens[other])).errors).toBeUndefined();
    const g = await read(id);
    expect(g.timeoutClaim).toBeNull();
    expect(g.status.toMove).toEqual([late]);
    expect(g.clocks.find((c: any) => c.seat === late).deadline).toBe(new Date(clock.now() + PER_MOVE).toISOString());
    clock.advance(PER_MOVE);
    await server.play.settle();
    expect((await read(id)).timeoutClaim.seat).toBe(late);
  });

  it('the timed-out player moving first closes the question: a claim after it is refused and changes nothing', async () => {
    const { id, tokens, late, other } = await timedOut('ask-moved');
    const mine = await read(id, tokens[late]);
    const moved = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: mine.legalMoves[0] }, tokens[late]);
    expect(moved.errors).toBeUndefined();
    expect(typesOf((await lastCommit(id)).events)).toContain('TimeoutClaimClosed');
    const g = await read(id);
    expect(g.timeoutClaim).toBeNull();
    // Whoever is to move now has a running clock again.
    for (const seat of g.status.toMove) expect(g.clocks.find((c: any) => c.seat === seat).deadline).not.toBeNull();
    const late2 = await claim(id, 'END', tokens[other]);
    expect(late2.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await read(id)).version).toBe(g.version);
  });

  it('only another seated player may claim: the timed-out seat is FORBIDDEN, a stranger or no token UNAUTHENTICATED, and nothing changes', async () => {
    const { id, tokens, late } = await timedOut('ask-who');
    const before = (await read(id)).version;
    expect((await claim(id, 'END', tokens[late])).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const stranger = await registerPlayer(server, 'Cy');
    expect((await claim(id, 'END', stranger.token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await claim(id, 'END')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await claim(id, 'LATER', tokens[1 - late])).errors?.length).toBeGreaterThan(0); // not a TimeoutClaim
    const g = await read(id);
    expect(g.version).toBe(before);
    expect(g.timeoutClaim.seat).toBe(late);
  });

  it('REST mirrors it: POST /v1/games/{id}/claim-timeout, the game’s timeoutClaim, 403 for the timed-out seat', async () => {
    const { id, tokens, late, other } = await timedOut('ask-rest');
    const shown = await server.rest('GET', `/v1/games/${id}`, undefined, tokens[other]);
    expect(shown.body.timeoutClaim).toMatchObject({ seat: late, answerers: [other] });
    expect((await server.rest('POST', `/v1/games/${id}/claim-timeout`, { choice: 'WAIT' }, tokens[late])).status).toBe(403);
    expect((await server.rest('POST', `/v1/games/${id}/claim-timeout`, { choice: 'NOW' }, tokens[other])).status).toBe(400);
    const r = await server.rest('POST', `/v1/games/${id}/claim-timeout`, { choice: 'END' }, tokens[other]);
    expect(r.status).toBe(200);
    expect(r.body.status.result).toMatchObject({ winners: [other], forfeited: [late], claimed: true });
  });

  it('the other players hear they may claim (TIMEOUT_CLAIM); the timed-out seat does not', async () => {
    const players = [await registerPlayer(server, 'Dee'), await registerPlayer(server, 'Eve')];
    for (const [i, p] of players.entries()) {
      const r = await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [TIMEOUT_CLAIM]) { id } }', { u: receivers[i]!.url }, p.token);
      expect(r.errors).toBeUndefined();
    }
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, timeControl: { perMove: 'PT5S' }, onTimeout: 'ASK', seed: 'ask-notice' }, players);
    await server.play.settle();
    const late = (await read(id)).status.toMove[0] as number;
    clock.advance(PER_MOVE);
    await server.play.settle();
    const other = 1 - late;
    await until(() => receivers[other]!.received.some((d) => JSON.parse(d.body).gameId === id));
    expect(JSON.parse(receivers[other]!.received.find((d) => JSON.parse(d.body).gameId === id)!.body)).toMatchObject({ type: 'TIMEOUT_CLAIM', seat: late, deadline: null });
    expect(receivers[late]!.received.filter((d) => JSON.parse(d.body).gameId === id)).toEqual([]);
  });

  it('a seat whose every opponent is a server bot gets a bot move at its timeout, not a question nobody can answer', async () => {
    const ann = await registerPlayer(server, 'Ann alone');
    const created = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game: 'sea-salt-and-paper', seats: 2, bots: [{ seat: 1, kind: 'greedy' }], timeControl: { perMove: 'PT5S' }, onTimeout: 'ASK', autoAdvance: false, seed: 'ask-bots-only' } }, ann.token);
    expect(created.errors).toBeUndefined();
    const id = created.data.createGame.game.id as string;
    expect((await server.gql('mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { seat } }', { id, n: ann.name }, ann.token)).errors).toBeUndefined();
    await server.play.settle();
    const before = await read(id);
    expect(before.status.toMove).toEqual([0]); // the bot moved if it was first: Ann is to move
    clock.advance(PER_MOVE);
    await server.play.settle();
    const history = await commits(server, id);
    const timeout = history.flatMap((c) => c.events).find((e: any) => e.type === 'TimedOut') as any;
    expect(timeout, 'Ann timed out').toMatchObject({ seat: 0, action: 'BOT' });
    expect(history.flatMap((c) => typesOf(c.events))).not.toContain('TimeoutClaimOpened');
    const after = await read(id);
    expect(after.timeoutClaim).toBeNull();
    expect(history.filter((c) => c.version > before.version && c.seat === 0 && String(c.by).startsWith('bot:')).length, 'a bot moved for Ann').toBeGreaterThan(0);
  });
});

describe('claim or wait in a simultaneous step', () => {
  it('another seat’s move does not close the timed-out seat’s question: it stays open and may still be answered', async () => {
    // SCOUT opens with both seats choosing at once; with one per-move clock both run out together.
    const players = [await registerPlayer(server, 'Fay'), await registerPlayer(server, 'Gus')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT5S' }, onTimeout: 'ASK', autoAdvance: false, seed: 'ask-simultaneous' }, players);
    await server.play.settle();
    expect((await read(id)).status.toMove).toEqual([0, 1]);
    clock.advance(PER_MOVE);
    await server.play.settle();
    const history = await commits(server, id);
    const opened = history.flatMap((c) => c.events).filter((e: any) => e.type === 'TimeoutClaimOpened') as any[];
    expect(opened.length, 'one question: the second seat out of time gets a bot move while it is open').toBe(1);
    const late = opened[0].seat as number;
    const other = 1 - late;
    expect(history.some((c) => c.seat === other && c.events.some((e: any) => e.type === 'TimedOut')), 'the other seat moved (its timeout bot) after the question opened').toBe(true);
    expect(history.flatMap((c) => typesOf(c.events))).not.toContain('TimeoutClaimClosed');
    const g = await read(id);
    expect(g.timeoutClaim?.seat, 'the question is still open').toBe(late);
    const r = await claim(id, 'WAIT', players[other]!.token);
    expect(r.errors).toBeUndefined();
  });
});
