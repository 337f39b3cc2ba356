/**
 * Where a rated game's seats were taken from links two throwaway accounts however they reach the
 * table (docs/ratings.md, linked seats). Two holes the abuser's pass noticed: quick play hashed an
 * IPv6 client's whole address, so two accounts on two addresses of one /64 (one home) were not
 * linked; and joinGame marked the token's device, which differs for every account, where seeks,
 * quick play and tournaments mark the page's device (one per browser, whichever account is in it).
 * Requests are injected with their client address (IPv6 needs no network of its own here).
 */
import { describe, expect, it } from 'vitest';
import { gameMarkKey, linked, marksUnder } from '../../services/app/seat-marks.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const server = useServer();

const gql = async (address: string, query: string, variables: Record<string, unknown>, token: string, device?: string) =>
  (await server.app.inject({ method: 'POST', url: '/graphql', remoteAddress: address, headers: { authorization: `Bearer ${token}`, ...(device && { 'parlor-device': device }) }, payload: { query, variables } })).json();

/** Whether the game's human seats are linked, as the ratings judge it (app/seat-marks.ts). */
const linkedGame = async (gameId: string) => linked(Object.values((await server.service.load(gameId)).app.marks ?? {}));

/** Both enter one rated pool from their addresses; the game the pairing seats them in. */
async function paired(a: [Registered, string], b: [Registered, string], seats: number): Promise<string> {
  const input = { game: 'scout', seats, rated: true };
  for (const [p, address] of [a, b]) expect((await gql(address, 'mutation($i: QuickPlayInput!) { playNow(input: $i) { gameId } }', { i: input }, p.token)).errors).toBeUndefined();
  for (let i = 0; i < 200; i++) {
    await server.play.settle();
    const entry = (await gql(a[1], 'query($i: QuickPlayInput!) { quickPlay(input: $i) { gameId } }', { i: input }, a[0].token)).data.quickPlay;
    if (entry?.gameId) return entry.gameId;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('quick play seated no one');
}

/** A rated game `creator` makes, each joining with joinGame from its address and page device. */
async function joined(players: [Registered, string, string][]): Promise<string> {
  const [creator, address] = players[0]!;
  const created = await gql(address, 'mutation { createGame(input: { game: "scout", seats: 2, rated: true }) { game { id } } }', {}, creator.token);
  const id = created.data.createGame.game.id as string;
  for (const [p, from, device] of players) expect((await gql(from, 'mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { seat } }', { id, n: p.name }, p.token, device)).errors).toBeUndefined();
  return id;
}

describe('linked seats, however the seats are taken', () => {
  it('quick play: two addresses of one IPv6 /64 are one client; two /64s are two', async () => {
    const [a, b, c, d] = [await registerPlayer(server, 'Q1'), await registerPlayer(server, 'Q2'), await registerPlayer(server, 'Q3'), await registerPlayer(server, 'Q4')];
    expect(await linkedGame(await paired([a, '2001:db8:5:6::1'], [b, '2001:db8:5:6:8000::2'], 2))).toBe(true);
    expect(await linkedGame(await paired([c, '2001:db8:5:7::1'], [d, '2001:db8:5:8::1'], 2))).toBe(false);
  });

  it('joinGame marks the page’s device, as seeks and quick play do: two accounts in one browser are linked from two addresses', async () => {
    const [e, f, g] = [await registerPlayer(server, 'J1'), await registerPlayer(server, 'J2'), await registerPlayer(server, 'J3')];
    expect(await linkedGame(await joined([[e, '127.0.0.7', 'browser-one-0000001'], [f, '127.0.0.8', 'browser-one-0000001']]))).toBe(true);
    expect(await linkedGame(await joined([[e, '127.0.0.7', 'browser-one-0000001'], [g, '127.0.0.9', 'browser-two-0000002']]))).toBe(false);
  });

  it('a seat’s marks are keyed by the deployment secret: the table holds nothing a reader recomputes from the game’s id and a guessed address', async () => {
    const [h, k] = [await registerPlayer(server, 'J4'), await registerPlayer(server, 'J5')];
    const id = await joined([[h, '127.0.0.31', 'browser-three-0000003'], [k, '127.0.0.32', 'browser-four-00000004']]);
    const marks = Object.values((await server.service.load(id)).app.marks ?? {});
    expect(marks).toHaveLength(2);
    const guessed = ['127.0.0.31', '127.0.0.32'].map((address) => marksUnder(gameMarkKey(id), { address })!.address);
    for (const m of marks) expect(guessed).not.toContain(m!.address);
  });
});
