/**
 * Registered players over the real HTTP server and embedded DynamoDB: signed tokens, joins
 * that are idempotent per player, and the inbox (`me.games`) read one Query per page.
 */
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { PlayerTokens } from '../../services/players/tokens.js';
import { subscribe, useServer } from '../kit/server.js';

const SECRET = 'players-test-secret';
const server = useServer({ signingSecret: SECRET });

const register = async (name: string) => (await server.gql('mutation($n: String!) { registerPlayer(name: $n) { player { id name } token } }', { n: name })).data.registerPlayer;
const create = async (token?: string, seats = 2) => (await server.gql('mutation($s: Int!) { createGame(input: { game: "scout", seats: $s }) { game { id } } }', { s: seats }, token)).data.createGame.game.id as string;
const join = (id: string, token?: string) => server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { seat token } }', { id }, token);
const inbox = (token: string, args = '') => server.gql(`query { me { id games${args} { edges { node { gameId seat awaitingMyMove game { id } } cursor } pageInfo { hasNextPage endCursor } } } }`, {}, token);

describe('player tokens', () => {
  it('registerPlayer returns an EdDSA JWT naming the player, and me answers with it', async () => {
    const ann = await register('Ann');
    expect(JSON.parse(Buffer.from(ann.token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'EdDSA' });
    const me = await server.gql('query { me { id name } }', {}, ann.token);
    expect(me.data.me).toEqual(ann.player);
  });

  it('refuses forged, expired and other-key tokens with UNAUTHENTICATED', async () => {
    const ann = await register('Ann');
    const [h, p, sig] = ann.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
    const forged = `${h}.${forgedPayload}.${sig}`;
    const expired = await new PlayerTokens({ secret: SECRET, ttlSeconds: 60, now: () => Date.now() - 3600_000 }).sign({ player: ann.player.id, name: 'Ann' });
    const otherKey = await new PlayerTokens({ secret: 'another key' }).sign({ player: ann.player.id, name: 'Ann' });
    const unsigned = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(ann.player.id).setIssuer('parlor').sign(new TextEncoder().encode('x'.repeat(32)));
    for (const token of [forged, expired, otherKey, unsigned]) {
      const r = await server.gql('query { me { id } }', {}, token);
      expect(r.errors?.[0]?.extensions?.code, token).toBe('UNAUTHENTICATED');
      const rest = await server.rest('GET', '/v1/me', undefined, token);
      expect(rest.status).toBe(401);
    }
    const e = await server.gql('query { me { id } }', {}, expired);
    expect(e.errors?.[0]?.message).toMatch(/expired/);
  });
});

describe('joinGame with a player token', () => {
  it('gives the same seat back when the same player joins again, and the player token acts for it', async () => {
    const ann = await register('Ann');
    const id = await create(ann.token, 3);
    const first = await join(id, ann.token);
    const again = await join(id, ann.token);
    expect(first.data.joinGame.seat).toBe(0);
    expect(again.data.joinGame.seat).toBe(0);
    expect(again.data.joinGame.token).toBe(ann.token);
    const game = await server.gql('query($id: ID!) { game(id: $id) { seat players { seat } } }', { id }, ann.token);
    expect(game.data.game).toEqual({ seat: 0, players: [{ seat: 0 }] });
  });

  it('concurrent retries by one player still take one seat', async () => {
    const ann = await register('Ann');
    const id = await create(ann.token, 4);
    const seats = await Promise.all([1, 2, 3, 4].map(() => join(id, ann.token)));
    expect(new Set(seats.map((s) => s.data.joinGame.seat))).toEqual(new Set([0]));
    expect((await server.gql('query($id: ID!) { game(id: $id) { players { seat } } }', { id })).data.game.players).toHaveLength(1);
  });
});

describe('me.games, the inbox', () => {
  it('lists games awaiting my move first, longest-waiting first, then the others by last activity', async () => {
    const ann = await register('Ann');
    const bob = await register('Bob');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await create(ann.token);
      await join(id, ann.token);
      await join(id, bob.token);
      ids.push(id);
    }
    const toMove = async (id: string) => (await server.gql('query($id: ID!) { game(id: $id) { status { toMove } } }', { id })).data.game.status.toMove as number[];
    const awaiting = (await Promise.all(ids.map(async (id) => ((await toMove(id)).includes(0) ? id : null)))).filter(Boolean);
    const page = (await inbox(ann.token)).data.me.games;
    expect(page.edges).toHaveLength(3);
    const nodes = page.edges.map((e: any) => e.node);
    // awaiting first, in the order they started waiting (creation order here)
    expect(nodes.filter((n: any) => n.awaitingMyMove).map((n: any) => n.gameId)).toEqual(awaiting);
    expect(nodes.slice(0, awaiting.length).every((n: any) => n.awaitingMyMove)).toBe(true);
    // the others: most recent activity first
    expect(nodes.slice(awaiting.length).map((n: any) => n.gameId)).toEqual(ids.filter((id) => !awaiting.includes(id)).reverse());
    expect(nodes.every((n: any) => n.game.id === n.gameId)).toBe(true);
  });

  it('pages with first/after and filters with awaitingMyMove, one DynamoDB Query per page', async () => {
    const ann = await register('Ann');
    for (let i = 0; i < 5; i++) await join(await create(ann.token), ann.token);
    await server.play.stop(); // the outbox poller's reads would be counted too (no test after this needs it)
    const calls: string[] = [];
    server.client.middlewareStack.add((next, context) => async (args) => {
      calls.push(context.commandName as string);
      return next(args);
    }, { step: 'initialize', name: 'countInbox' });
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      calls.length = 0;
      const got = await server.play.players.inbox.page(ann.player.id, { first: 2, after: after ?? undefined });
      // Only reads count: the reactions' checkpoints may be written meanwhile, in the background.
      expect(calls.filter((c) => !/^(Put|Update)/.test(c))).toEqual(['QueryCommand']);
      seen.push(...got.edges.map((e) => e.node.gameId));
      after = got.pageInfo.endCursor;
      expect(got.pageInfo.hasNextPage).toBe(page < 2);
    }
    server.client.middlewareStack.remove('countInbox');
    expect(new Set(seen).size).toBe(5);
    const filtered = await inbox(ann.token, '(awaitingMyMove: true)');
    expect(filtered.data.me.games.edges).toEqual([]); // no game has started: nothing awaits her
    const bad = await inbox(ann.token, '(after: "nonsense")');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('is mirrored in REST: POST /v1/players, GET /v1/me/games', async () => {
    const reg = await server.rest('POST', '/v1/players', { name: 'Cy' });
    expect(reg.status).toBe(201);
    const id = (await server.rest('POST', '/v1/games', { game: 'scout', seats: 2 }, reg.body.token)).body.id;
    const joined = await server.rest('POST', `/v1/games/${id}/join`, { name: 'Cy' }, reg.body.token);
    expect(joined.body.seat).toBe(0);
    const games = await server.rest('GET', '/v1/me/games?first=5', undefined, reg.body.token);
    expect(games.body.edges.map((e: any) => e.node.gameId)).toEqual([id]);
  });
});

describe('Subscription.myGames', () => {
  it("streams the player's inbox entries as they change, over the same graphql-ws socket; a spectator is refused", async () => {
    const ann = await register('Ann');
    const bob = await register('Bob');
    const registered = server.subscriptions;
    const feed = subscribe(server.ws(ann.token), 'subscription { myGames { gameId seat awaitingMyMove game { id version } } }', {});
    await server.subscribed(registered + 1); // graphql-ws acknowledges no subscribe: the server says when it listens
    const id = await create(ann.token);
    await join(id, ann.token);
    await join(id, bob.token);
    const seen = await feed.until(2);
    expect(seen.every((m) => m.data?.myGames.gameId === id)).toBe(true);
    expect(seen.at(-1)!.data.myGames).toMatchObject({ seat: 0, awaitingMyMove: true, game: { id } });
    feed.dispose();
    const anon = subscribe(server.ws(), 'subscription { myGames { gameId } }', {});
    const refused = await anon.until(1);
    expect(refused[0]?.errors?.[0]?.extensions?.code ?? (anon.failure as any)?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
