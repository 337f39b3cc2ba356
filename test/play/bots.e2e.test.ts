/**
 * Bots seated at creation, formalities the server plays, and leaving: resign, cancel, expiry
 * and rematch, over the real server and embedded DynamoDB.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { DEFAULT_TIMEOUT_BOT } from '../../services/bots/spec.js';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });
const GAME = 'query($id: ID!) { game(id: $id) { version seat status { phase toMove over result { scores winners resigned forfeited } } legalMoves players { seat name bot } rematch rematchOf } }';
const game = async (id: string, token?: string) => (await server.gql(GAME, { id }, token)).data.game;
const submit = (id: string, move: unknown, token: string) => server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: move }, token);
// Short games: one round of Silver, Sea Salt & Paper to 10 points, SCOUT's rounds ended after 6 actions
// (roundActionLimit: a resigned seat's search bot plays fewer moves). Played out by the rules either way.
const options: Record<string, object> = { silver: { edition: 'dagger', rounds: 1 }, 'sea-salt-and-paper': { targetScore: 10 }, scout: { roundActionLimit: 6 } };

/** Plays the human's random moves until the game ends; checks the human is never left a move without a choice. */
async function playOut(id: string, human: Registered, seed: number): Promise<number> {
  const rng = fastRng(seed);
  let moves = 0;
  for (;;) {
    await server.play.settle();
    const g = await game(id, human.token);
    if (g.status.over) return moves;
    expect(g.status.toMove, 'only the human can hold the game up').toContain(g.seat);
    expect(g.legalMoves.length, 'a formality is played by the server').toBeGreaterThan(1);
    const r = await submit(id, g.legalMoves[rng.int(g.legalMoves.length)], human.token);
    expect(r.errors).toBeUndefined();
    expect(++moves).toBeLessThan(5000);
  }
}

describe.each(games.map((g) => [g.id, g.seats.min] as const))('%s: one human and bots seated at creation', (type, seats) => {
  it('the bots play every other seat to the end of the game', async () => {
    const human = await registerPlayer(server, 'Ann');
    // The human sits last: the bots before her take their seats at creation, the game starts when she joins.
    const bots = Array.from({ length: seats - 1 }, (_, seat) => ({ seat, kind: 'random' }));
    const id = await createAndJoin(server, { game: type, seats, options: options[type] ?? {}, bots }, [human]);
    const g = await game(id);
    expect(g.players.map((p: any) => p.bot)).toEqual([...bots.map(() => 'random'), null]);
    await playOut(id, human, seats);
    expect((await game(id)).status.over).toBe(true);
  });
});

describe('formalities', () => {
  it('with autoAdvance the server plays a step whose only legal move is a formality, as the seat', async () => {
    const human = await registerPlayer(server, 'Ann');
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, options: options['sea-salt-and-paper'], bots: [{ seat: 0, kind: 'random' }], seed: 'formal' }, [human]);
    const submitted = await playOut(id, human, 11);
    const forHuman = (await commits(server, id)).filter((c) => c.seat === 1);
    expect(forHuman.length, 'the server made some of the human seat’s moves').toBeGreaterThan(submitted);
  });
});

describe('resign', () => {
  it('hands the seat to a bot, the result records who resigned, and the seat can no longer move', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, options: options.scout, autoAdvance: true }, [ann, bob]);
    const r = await server.gql('mutation($id: ID!) { resign(gameId: $id) { players { seat bot } } }', { id }, bob.token);
    expect(r.data.resign.players).toEqual([{ seat: 0, bot: null }, { seat: 1, bot: DEFAULT_TIMEOUT_BOT }]);
    const again = await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, bob.token);
    expect(again.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const move = await submit(id, { type: 'anything' }, bob.token);
    expect(move.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await playOut(id, ann, 5);
    const end = await game(id);
    expect(end.status.result.resigned).toEqual([1]);
    expect(end.status.result.forfeited).toEqual([]);
  });

  it('REST: POST /v1/games/:id/resign refuses a spectator', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2 }, [ann, bob]);
    expect((await server.rest('POST', `/v1/games/${id}/resign`)).status).toBe(401);
    const ok = await server.rest('POST', `/v1/games/${id}/resign`, undefined, ann.token);
    expect(ok.body.players[0].bot).toBe(DEFAULT_TIMEOUT_BOT);
  });
});

describe('cancel and expiry of games that have not started', () => {
  it('the creator cancels; joining afterwards is refused; others may not cancel', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 3 }, [ann]);
    const notMine = await server.gql('mutation($id: ID!) { cancelGame(gameId: $id) { version } }', { id }, bob.token);
    expect(notMine.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const r = await server.gql('mutation($id: ID!) { cancelGame(gameId: $id) { status { phase over } } }', { id }, ann.token);
    expect(r.data.cancelGame.status).toEqual({ phase: 'cancelled', over: true });
    const late = await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Bob") { seat } }', { id }, bob.token);
    expect(late.errors?.[0]?.extensions?.code).toBe('GAME_OVER');
  });

  it('an unstarted game expires after expiresIn', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const id = await createAndJoin(server, { game: 'scout', seats: 3, expiresIn: 'PT1H' }, [ann]);
    clock.advance(3_599_000);
    await server.play.settle();
    expect((await game(id)).status.phase).toBe('waiting-for-players');
    clock.advance(1_000);
    await server.play.settle();
    expect((await game(id)).status).toMatchObject({ phase: 'expired', over: true });
  });
});

describe('rematch', () => {
  it('two players offering at once: one offer, the other its acceptance; one rematch, seats rotated, linked from both', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, options: options.scout, timeControl: { perMove: 'P1D' } }, [ann, bob]);
    const early = await server.gql('mutation($id: ID!) { offerRematch(gameId: $id) { id } }', { id }, ann.token);
    expect(early.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, bob.token);
    await playOut(id, ann, 9);
    await Promise.all([ann, bob].map((p) => server.gql('mutation($id: ID!) { offerRematch(gameId: $id) { id } }', { id }, p.token)));
    const next = (await game(id)).rematch;
    expect(next).toBeTruthy();
    const fresh = (await server.gql('query($id: ID!) { game(id: $id) { seat rematchOf players { seat name } } }', { id: next }, ann.token)).data.game;
    expect(fresh).toMatchObject({ seat: 1, rematchOf: id, players: [{ seat: 0, name: 'Bob' }, { seat: 1, name: 'Ann' }] });
    expect(typesOf((await commits(server, id)).flatMap((c) => c.events)).filter((t) => t === 'RematchCreated')).toHaveLength(1);
  });
});
