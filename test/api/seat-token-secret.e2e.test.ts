/**
 * Keyed seat tokens mix in a server secret (issue 26, finding 11): the token a joinKey gets is an
 * HMAC under a secret `npm start` keeps in DATA_DIR (created 0600), not a hash of public parts and
 * the key, so a key seen or guessed is not a token; the secret persists, so a keyed retry after a
 * restart (here a kill -9) still finds its seat and the same token.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../kit/child-server.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-seat-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const JOIN = 'mutation($id: ID!, $n: String!, $k: ID) { joinGame(gameId: $id, name: $n, joinKey: $k) { seat token } }';
const KEY = 'a-long-random-join-key-0001';

describe('keyed seat tokens', () => {
  it('are derived with the server secret kept in DATA_DIR, and a retry after a restart gets the same seat and token', async () => {
    const first = await startChildServer(dir);
    let id: string, joined: { seat: number; token: string };
    try {
      id = (await first.gql('mutation { createGame(input: { game: "scout", seats: 3 }) { game { id } } }')).data.createGame.game.id as string;
      joined = (await first.gql(JOIN, { id, n: 'Ann', k: KEY })).data.joinGame;
      // What anyone knowing the key and the game could compute without the secret (the old derivation).
      const publicDerivation = `${id}.0.${createHash('sha256').update(`parlor-join|${id}|0|${KEY}`).digest('base64url')}`;
      expect(joined.token).not.toBe(publicDerivation);
      expect(statSync(join(dir, 'seat-token.key')).mode & 0o777).toBe(0o600);
    } finally {
      await first.kill9();
    }

    const second = await startChildServer(dir);
    try {
      expect((await second.gql(JOIN, { id, n: 'Ann', k: KEY })).data.joinGame).toEqual(joined);
      expect((await second.gql('query($id: ID!) { game(id: $id) { players { name } } }', { id })).data.game.players).toHaveLength(1);
    } finally {
      await second.kill9();
    }
  }, 120_000);
});
