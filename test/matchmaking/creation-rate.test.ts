/**
 * Matchmaking's doors that start games count against the creation allowance (CREATES_PER_MINUTE),
 * as createGame does. Before, the abuser's pass (two accounts, a loop against `npm start` with the
 * default limits) was refused createGame after 30 a minute but made 40 of 40 games each through
 * challengeBot, openSeek + acceptSeek, challengePlayer + acceptSeek and two playNow entries.
 * Real HTTP server, GraphQL and REST.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';

const server = useServer({ games: [highCard], limits: { createsPerMinute: 4 } });
const REGISTER = 'mutation($n: String!) { registerPlayer(name: $n) { token player { id } } }';
const SEEK = { game: 'high-card', seats: 2 };

describe('the creation allowance', () => {
  it('counts a bot challenged, a seek or a challenge opened and a quick-play entry, over GraphQL and REST', async () => {
    const ann = (await server.gql(REGISTER, { n: 'Ann' })).data.registerPlayer;
    const bob = (await server.gql(REGISTER, { n: 'Bob' })).data.registerPlayer;
    const doors = [
      () => server.gql('mutation { challengeBot(input: { game: "high-card", bot: "random" }) }', {}, ann.token),
      () => server.gql('mutation($i: SeekInput!) { openSeek(input: $i) { id } }', { i: SEEK }, ann.token),
      () => server.gql('mutation($p: ID!, $i: SeekInput!) { challengePlayer(player: $p, input: $i) { id } }', { p: bob.player.id, i: SEEK }, ann.token),
      () => server.gql('mutation { playNow(input: { game: "high-card" }) { gameId } }', {}, ann.token),
    ];
    const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code ?? 'OK';
    // The allowance is four: one of each is taken, then none.
    const first: string[] = [];
    for (const door of doors) first.push(code(await door()));
    expect(first).toEqual(['OK', 'OK', 'OK', 'OK']);
    const again: string[] = [];
    for (const door of doors) again.push(code(await door()));
    expect(again).toEqual(Array(4).fill('RATE_LIMITED'));
    const rest = [
      await server.rest('POST', '/v1/bots/challenge', { game: 'high-card', bot: 'random' }, bob.token),
      await server.rest('POST', '/v1/seeks', SEEK, bob.token),
      await server.rest('POST', `/v1/players/${ann.player.id}/challenge`, SEEK, bob.token),
      await server.rest('POST', '/v1/quick-play', { game: 'high-card' }, bob.token),
    ];
    expect(rest.map((r) => r.status)).toEqual([429, 429, 429, 429]);
  });
});
