/**
 * Bots wherever a seat has no person, through the public API: seats by kind and level, the
 * game's timeoutBot for timed-out and resigned seats, their moves marked as the bot's in the
 * history, the catalog's bot kinds, and bots from outside (registered players of kind BOT).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { BOT_KINDS } from '../../services/bots/kinds.js';
import { DEFAULT_TIMEOUT_BOT } from '../../services/bots/spec.js';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });
const GAME = 'query($id: ID!) { game(id: $id) { version seat timeoutBot status { toMove over } legalMoves players { seat name bot kind } history { version seat by } } }';
const game = async (id: string, token?: string) => {
  const r = await server.gql(GAME, { id }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.game;
};
const submit = (id: string, move: unknown, token: string) => server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: move }, token);
const create = (input: Record<string, unknown>, token?: string) => server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id timeoutBot players { seat bot kind } } } }', { i: input }, token);

/** Plays `token`'s seat at random until the game ends (the server's moves in between). */
async function playOut(id: string, token: string, seed: number): Promise<void> {
  const rng = fastRng(seed);
  for (let step = 0; step < 5000; step++) {
    await server.play.settle();
    const g = await game(id, token);
    if (g.status.over) return;
    if (!g.legalMoves.length) continue;
    expect((await submit(id, g.legalMoves[rng.int(g.legalMoves.length)], token)).errors).toBeUndefined();
  }
  throw new Error('the game did not end');
}

describe('bot seats by kind and level (BotSeatInput)', () => {
  it('stores each seat’s bot as a canonical spec, the kind’s default level when none is given', async () => {
    const r = await create({ game: 'scout', seats: 4, bots: [{ seat: 0, kind: 'greedy' }, { seat: 1, kind: 'search', level: 3 }, { seat: 2, kind: 'search' }] });
    expect(r.errors).toBeUndefined();
    expect(r.data.createGame.game.players.map((p: any) => [p.bot, p.kind])).toEqual([
      ['greedy', 'BOT'],
      ['search:3', 'BOT'],
      [`search:${BOT_KINDS.search!.defaultLevel}`, 'BOT'],
    ]);
  });

  it('refuses a kind or level the server does not have (BAD_INPUT)', async () => {
    for (const bot of [{ seat: 0, kind: 'oracle' }, { seat: 0, kind: 'greedy', level: 7 }]) {
      const r = await create({ game: 'scout', seats: 2, bots: [bot] });
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(bot)).toBe('BAD_INPUT');
    }
    const bad = await create({ game: 'scout', seats: 2, timeoutBot: 'oracle:9' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('REST takes the same seats and levels', async () => {
    const r = await server.rest('POST', '/v1/games', { game: 'scout', seats: 2, bots: [{ seat: 0, kind: 'greedy', level: null }], timeoutBot: 'random' });
    expect(r.status).toBe(201);
    expect(r.body.players[0]).toMatchObject({ bot: 'greedy', kind: 'BOT' });
    expect(r.body.timeoutBot).toBe('random');
  });
});

describe('the catalog lists the bot kinds and levels of every game', () => {
  it('GraphQL and REST give every kind of BOT_KINDS with its description and levels', async () => {
    const expected = Object.entries(BOT_KINDS).map(([kind, k]) => ({ kind, description: k.description, levels: k.levels }));
    const r = await server.gql('{ gameTypes { id bots { kind description levels defaultLevel } } }');
    for (const t of r.data.gameTypes) expect(t.bots.map(({ defaultLevel: _d, ...b }: any) => b), t.id).toEqual(expected);
    const rest = await server.rest('GET', '/v1/game-types');
    for (const t of rest.body) expect(t.bots.map((b: any) => b.kind)).toEqual(Object.keys(BOT_KINDS));
  });
});

describe('a timed-out seat is played by the game’s timeoutBot, and the history marks its moves as the bot’s', () => {
  it('onTimeout: BOT, timeoutBot default: every timed-out commit is the seat’s, by the bot', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT5S' }, seed: 'timeout-bot' }, [ann, bob]);
    const rng = fastRng(3);
    let timeouts = 0;
    for (let step = 0; step < 400; step++) {
      await server.play.settle();
      const g = await game(id);
      if (g.status.over) break;
      expect(g.timeoutBot).toBe(DEFAULT_TIMEOUT_BOT);
      if (g.status.toMove.includes(0)) {
        const mine = await game(id, ann.token);
        if (mine.legalMoves.length) await submit(id, mine.legalMoves[rng.int(mine.legalMoves.length)], ann.token);
        continue;
      }
      // Bob never moves: his time runs out and the bot plays for him.
      clock.advance(5_000);
      await server.play.settle();
      timeouts++;
      if (timeouts >= 4) break;
    }
    expect(timeouts).toBeGreaterThan(0);
    const history = (await game(id, ann.token)).history;
    const timedOut = (await server.rest('GET', `/v1/games/${id}/history`, undefined, ann.token)).body.filter((c: any) => c.events.some((e: any) => e.type === 'TimedOut'));
    expect(timedOut.length).toBe(timeouts);
    for (const c of timedOut) {
      expect(c).toMatchObject({ seat: 1, by: `bot:${DEFAULT_TIMEOUT_BOT}` });
      expect(history.find((h: any) => h.version === c.version)).toEqual({ version: c.version, seat: 1, by: `bot:${DEFAULT_TIMEOUT_BOT}` });
    }
    // Ann's own moves are hers.
    expect(history.filter((h: any) => h.seat === 0 && h.by !== null && h.by !== 'auto')).toEqual([]);
  });
});

describe('a resigned seat is played by the game’s timeoutBot, marked as the bot’s', () => {
  it('the seat list names the bot, and every later move of that seat is by it', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeoutBot: 'random', autoAdvance: true }, [ann, bob]);
    const r = await server.gql('mutation($id: ID!) { resign(gameId: $id) { version players { seat bot kind } } }', { id }, bob.token);
    expect(r.data.resign.players).toEqual([
      { seat: 0, bot: null, kind: 'HUMAN' },
      { seat: 1, bot: 'random', kind: 'BOT' },
    ]);
    const resignedAt = r.data.resign.version;
    await playOut(id, ann.token, 4);
    const history = (await game(id)).history as { version: number; seat: number | null; by: string | null }[];
    const botMoves = history.filter((h) => h.version > resignedAt && h.seat === 1);
    expect(botMoves.length).toBeGreaterThan(0);
    for (const h of botMoves) expect(h.by).toBe('bot:random');
    expect(history.find((h) => h.version === resignedAt)).toMatchObject({ seat: 1, by: null }); // Bob resigned himself
  });
});

describe('bots from outside play like any player (registered players of kind BOT)', () => {
  it('a BOT player joins and moves through the public API; the others see its seat as a bot', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const reg = await server.gql('mutation { registerPlayer(name: "Longest Set", kind: BOT) { player { id name kind } token } }');
    expect(reg.data.registerPlayer.player).toMatchObject({ name: 'Longest Set', kind: 'BOT' });
    const bot = { ...reg.data.registerPlayer.player, token: reg.data.registerPlayer.token };
    expect((await server.gql('{ me { kind } }', {}, bot.token)).data.me.kind).toBe('BOT');
    expect((await server.gql('{ me { kind } }', {}, ann.token)).data.me.kind).toBe('HUMAN');
    const id = await createAndJoin(server, { game: 'scout', seats: 2 }, [ann, bot]);
    const seen = await game(id, ann.token);
    expect(seen.players).toEqual([
      { seat: 0, name: 'Ann', bot: null, kind: 'HUMAN' },
      { seat: 1, name: 'Longest Set', bot: null, kind: 'BOT' },
    ]);
    // It plays its own moves: they are its seat's, not the server's.
    const rng = fastRng(1);
    for (let i = 0; i < 6; i++) {
      const g = await game(id, bot.token);
      if (g.legalMoves.length) expect((await submit(id, g.legalMoves[rng.int(g.legalMoves.length)], bot.token)).errors).toBeUndefined();
      const a = await game(id, ann.token);
      if (a.legalMoves.length) await submit(id, a.legalMoves[rng.int(a.legalMoves.length)], ann.token);
    }
    const mine = (await game(id)).history.filter((h: any) => h.seat === 1);
    expect(mine.length).toBeGreaterThan(0);
    for (const h of mine) expect(h.by).toBeNull();
    const rest = await server.rest('GET', `/v1/games/${id}`);
    expect(rest.body.players[1]).toMatchObject({ name: 'Longest Set', kind: 'BOT', bot: null });
  });

  it('examples/api-bot.mjs, a program of its own, plays a whole game against a server bot', async () => {
    const r = await create({ game: 'scout', seats: 2, bots: [{ seat: 0, kind: 'greedy' }] });
    const id = r.data.createGame.game.id;
    const { stdout } = await promisify(execFile)(process.execPath, ['examples/api-bot.mjs', id], { env: { ...process.env, PARLOR_URL: `${server.url}/graphql` }, timeout: 120_000 });
    expect(stdout).toContain('I played seat 1');
    const end = await game(id);
    expect(end.status.over).toBe(true);
    expect(end.players.map((p: any) => [p.name, p.bot, p.kind])).toEqual([
      ['greedy bot', 'greedy', 'BOT'],
      ['Longest Move', null, 'BOT'],
    ]);
    // The server's bot played seat 0; seat 1's moves are the program's own (formalities aside: autoAdvance).
    const marks = (seat: number) => new Set(end.history.filter((h: any) => h.seat === seat).map((h: any) => h.by));
    expect([...marks(0)].filter((m) => m !== 'auto')).toEqual(['bot:greedy']);
    expect([...marks(1)].filter((m) => m !== 'auto')).toEqual([null]);
  });

  it('REST: POST /v1/players with kind BOT registers a bot player', async () => {
    const r = await server.rest('POST', '/v1/players', { name: 'Greedy Gus', kind: 'BOT' });
    expect(r.status).toBe(201);
    expect(r.body.player).toMatchObject({ name: 'Greedy Gus', kind: 'BOT' });
    expect((await server.rest('GET', '/v1/me', undefined, r.body.token)).body.kind).toBe('BOT');
  });
});
