/**
 * Names are one line of plain text (issue 36 item 5): a player's name (registerPlayer, REST and
 * GraphQL) and a seat's name (joinGame) with a line break, a tab, another control character, a
 * Unicode line separator or a bidirectional override is refused with BAD_INPUT and nothing is
 * made; the digest email lists names one per line, so "Eve\r\nBcc: …" would fake a line there.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';

const server = useServer();
const REGISTER = 'mutation($n: String!) { registerPlayer(name: $n) { token player { name } } }';
const BAD = ['Eve\r\nBcc: all@example.org', 'Eve\nAdmin', 'a\tb', 'nul\u0000', 'esc\u001b[31m', 'c1\u0085x', 'line\u2028sep', 'para\u2029sep', '\u202eevil', 'iso\u2066x'];
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

describe('names', () => {
  it('a player name with a line break or a control character is refused with BAD_INPUT (GraphQL and REST); emoji and accents are fine', async () => {
    for (const n of BAD) {
      expect(code(await server.gql(REGISTER, { n })), JSON.stringify(n)).toBe('BAD_INPUT');
      const rest = await server.rest('POST', '/v1/players', { name: n });
      expect([rest.status, rest.body?.error?.code], JSON.stringify(n)).toEqual([400, 'BAD_INPUT']);
    }
    expect((await server.gql(REGISTER, { n: 'Zoë 🎲 O’Neil' })).data.registerPlayer.player.name).toBe('Zoë 🎲 O’Neil');
  });

  it('a seat name given to joinGame is held to the same rule, and the seat stays free', async () => {
    const created = await server.gql('mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }');
    const id = created.data.createGame.game.id;
    const join = (name: string) => server.gql('mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { seat } }', { id, n: name });
    for (const n of BAD) expect(code(await join(n)), JSON.stringify(n)).toBe('BAD_INPUT');
    expect((await join('Ann')).data.joinGame.seat).toBe(0);
  });
});
