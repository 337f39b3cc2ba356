/**
 * Reactions survive kill -9. The real `npm start` runs as a child process; it is made to kill -9
 * itself right after an append is acknowledged and before anything reacts to it (the
 * PARLOR_CRASH_AFTER_APPEND fault), while a burst of commands is in flight, then started again on
 * the same DATA_DIR. Three crashes, each in a burst of one kind: moves in bot games (the bot must
 * move next), moves between registered players (their inboxes flip), and joins that start clock
 * games (their deadlines are set). After the last restart every bot game moves again, every
 * deadline set just before a kill fires exactly once, and every inbox matches its game.
 */
import { describe, expect, it } from 'vitest';
import { useCrashServer } from '../kit/crash-server.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { until } from '../kit/webhook-receiver.js';

const GAMES = 6;
const STATE = 'query($id: ID!) { game(id: $id) { version seat status { toMove over } legalMoves players { seat bot } clocks { seat deadline } history { events } } }';
/** What the waits poll: whose turn it is alone (the whole state is read once the wait is over). */
const TURN = 'query($id: ID!) { game(id: $id) { seat status { toMove over } } }';
const INBOX = 'query { me { games(first: 50) { edges { node { gameId seat awaitingMyMove deadline } } } } }';

const server = useCrashServer('parlor-crash-');
const kit = () => server.kit();
const state = async (id: string, token?: string) => (await server.gql(STATE, { id }, token)).data.game;
const move = (id: string, m: unknown, token: string) =>
  server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m }, token).catch(() => null); // the answer dies with the server

/** A human's turn in each game: the bots have moved (waits, bounded, for the server's moves). */
async function humansTurn(id: string, human: Registered): Promise<any> {
  await until(async () => {
    const g = (await server.gql(TURN, { id }, human.token)).data.game;
    return g.status.over || g.status.toMove.includes(g.seat);
  }, 30_000);
  return state(id, human.token); // the bot cannot move again before the human does
}

const events = (g: any, type: string) => g.history.flatMap((h: any) => h.events).filter((e: any) => e.type === type);

describe('kill -9 between an append and its reactions', () => {
  it('after a restart every bot game moves, every deadline set before the kill fires exactly once, and every inbox matches its game', async () => {
    await server.start();
    const humans = await Promise.all(Array.from({ length: GAMES }, (_, i) => registerPlayer(kit(), `Ann${i}`)));
    const botGames = await Promise.all(humans.map((h) => createAndJoin(kit(), { game: 'scout', seats: 2, bots: [{ seat: 0, kind: 'random' }] }, [h])));
    const pairs = await Promise.all(Array.from({ length: GAMES }, async (_, i) => [await registerPlayer(kit(), `Pat${i}`), await registerPlayer(kit(), `Quin${i}`)] as const));
    const duels = await Promise.all(pairs.map((p) => createAndJoin(kit(), { game: 'scout', seats: 2, autoAdvance: false }, [...p])));

    // 1. A move in every bot game: the bot is to move next, and the server dies before it does.
    const ready = await Promise.all(botGames.map((id, i) => humansTurn(id, humans[i]!)));
    await server.crashDuring(() => botGames.map((id, i) => move(id, ready[i].legalMoves[0], humans[i]!.token)));

    // 2. A move in every game between two players: whose turn it is changes in their inboxes.
    const movers = await Promise.all(duels.map(async (id, i) => {
      for (const p of pairs[i]!) {
        const g = await state(id, p.token);
        if (g.status.toMove.includes(g.seat)) return { p, m: g.legalMoves[0] };
      }
      throw new Error('no one to move');
    }));
    await server.crashDuring(() => duels.map((id, i) => move(id, movers[i]!.m, movers[i]!.p.token)));

    // 3. Clock games started by a join: each start sets a deadline 2 s away.
    const clocked = await Promise.all(pairs.map(async ([a]) => {
      const created = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game: 'scout', seats: 2, timeControl: { perMove: 'PT2S' }, timeoutBot: 'random', autoAdvance: false } }, a.token);
      const id = created.data.createGame.game.id as string;
      await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "a") { seat } }', { id }, a.token);
      return id;
    }));
    const join2 = (id: string, p: Registered) => server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "b") { seat } }', { id }, p.token).catch(() => null);
    await server.crashDuring(() => clocked.map((id, i) => join2(id, pairs[i]![1])));
    // The joins whose answers died with the server are retried: a player's join is idempotent.
    await Promise.all(clocked.map((id, i) => join2(id, pairs[i]![1])));

    for (const [i, id] of botGames.entries()) {
      const g = await humansTurn(id, humans[i]!); // throws if a bot game stays stuck with the bot to move
      expect(g.status.over || g.status.toMove.includes(g.seat), `bot game ${i} moves again`).toBe(true);
    }

    for (const id of clocked) {
      const first = (await state(id)).history.flatMap((h: any) => h.events).find((e: any) => e.type === 'DeadlineSet');
      await until(async () => events(await state(id), 'TimedOut').some((t: any) => t.deadline === first.deadline), 30_000);
      const fired = events(await state(id), 'TimedOut').map((t: any) => `${t.seat}@${t.deadline}`);
      expect(fired.filter((f: string) => f === `${first.seat}@${first.deadline}`), 'the first deadline fired once').toHaveLength(1);
      expect(new Set(fired).size, 'no deadline fired twice').toBe(fired.length);
    }

    for (const [i, id] of duels.entries()) {
      const g = await state(id);
      for (const p of pairs[i]!) {
        const entry = (await server.gql(INBOX, {}, p.token)).data.me.games.edges.map((e: any) => e.node).find((n: any) => n.gameId === id);
        const seat = (await state(id, p.token)).seat;
        expect(entry, `${p.name}'s inbox holds the game`).toBeDefined();
        expect(entry.awaitingMyMove, `${p.name}'s inbox says whether the game waits for them`).toBe(g.status.toMove.includes(seat));
      }
    }
  }, 240_000);
});
