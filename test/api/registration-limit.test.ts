/**
 * Registration has a limit per client address (REGISTRATIONS_PER_HOUR, docs/limits.md): throwaway
 * accounts were unlimited (300 in 7 s), and each farmed a rating. GraphQL and REST share one count;
 * the refusal has its own code and says when to come back; another address is not affected.
 * Requests leave from 127.0.0.x addresses of their own (loopback is a /8).
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { postFrom } from '../kit/from-address.js';

const PER_HOUR = 3;
const server = useServer({ limits: { registrationsPerHour: PER_HOUR } });

const post = async (address: string, path: string, body: unknown): Promise<{ status: number; retryAfter: string | undefined; body: any }> => {
  const a = await postFrom(server.url, address, path, body);
  return { status: a.status, retryAfter: a.headers['retry-after'] as string | undefined, body: a.body };
};

const graphql = (address: string, name: string) => post(address, '/graphql', { query: 'mutation($n: String!) { registerPlayer(name: $n) { player { id } } }', variables: { n: name } });
const rest = (address: string, name: string) => post(address, '/v1/players', { name });

describe('registrations per client address', () => {
  it(`${PER_HOUR} an hour from one address, GraphQL and REST together; then REGISTRATION_LIMIT with Retry-After; another address registers`, async () => {
    expect((await graphql('127.0.0.3', 'A1')).body.data.registerPlayer.player.id).toBeTruthy();
    expect((await rest('127.0.0.3', 'A2')).status).toBe(201);
    expect((await graphql('127.0.0.3', 'A3')).body.errors).toBeUndefined();

    const refused = await graphql('127.0.0.3', 'A4');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('REGISTRATION_LIMIT');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    const viaRest = await rest('127.0.0.3', 'A5');
    expect(viaRest.status).toBe(429);
    expect(viaRest.body.error.code).toBe('REGISTRATION_LIMIT');
    // The refusal names no address.
    expect(JSON.stringify([refused.body, viaRest.body])).not.toContain('127.0.0');

    expect((await graphql('127.0.0.4', 'B1')).body.errors).toBeUndefined();
  });
});
