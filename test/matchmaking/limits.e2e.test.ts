/**
 * Matchmaking's doors have limits (docs/matchmaking.md#limits): open seeks and pool entries per
 * player and per client address (every test player here calls from 127.0.0.1), refused with
 * MATCH_LIMIT; leaving a pool or closing a seek frees its place. An IPv6 client is its /64: one home
 * holds 2^64 addresses, and each was a fresh allowance.
 */
import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../services/store/document-client.js';
import { TTL_ATTRIBUTE } from '../../services/store/index.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';

const server = useServer({ matchSettings: { ...MATCH_SETTINGS, seeksPerAddress: 2, poolEntriesPerPlayer: 1, poolEntriesPerAddress: 2 } });
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code ?? 'OK';
const openSeek = (p: Registered) => server.gql('mutation { openSeek(input: { game: "scout", seats: 2 }) { id } }', {}, p.token);
const playNow = (p: Registered, seats: number) => server.gql('mutation($s: Int) { playNow(input: { game: "scout", seats: $s }) { gameId } }', { s: seats }, p.token);

describe('matchmaking limits', () => {
  it('seeks per client address', async () => {
    const [a, b] = [await registerPlayer(server, 'A'), await registerPlayer(server, 'B')];
    const first = await openSeek(a);
    expect([code(first), code(await openSeek(a)), code(await openSeek(b))]).toEqual(['OK', 'OK', 'MATCH_LIMIT']);
    await server.gql('mutation($id: ID!) { cancelSeek(id: $id) { status } }', { id: first.data.openSeek.id }, a.token);
    expect(code(await openSeek(b))).toBe('OK'); // the closed seek's place is pruned and taken
  });

  it('pool entries per player and per client address; leaving frees the place', async () => {
    const [c, d, e] = [await registerPlayer(server, 'C'), await registerPlayer(server, 'D'), await registerPlayer(server, 'E')];
    // Three pools (2, 3 and 4 seats), so no two of them pair.
    expect([code(await playNow(c, 2)), code(await playNow(c, 3))]).toEqual(['OK', 'MATCH_LIMIT']);
    expect([code(await playNow(d, 3)), code(await playNow(e, 4))]).toEqual(['OK', 'MATCH_LIMIT']);
    expect((await server.gql('mutation { leaveQuickPlay(input: { game: "scout", seats: 2 }) }', {}, c.token)).data.leaveQuickPlay).toBe(true);
    expect(code(await playNow(e, 4))).toBe('OK');
  });

  it('an IPv6 client counts by its /64: seeks and pool entries from three addresses of one /64 share one allowance', async () => {
    const [f, g, h, k] = [await registerPlayer(server, 'F'), await registerPlayer(server, 'G'), await registerPlayer(server, 'H'), await registerPlayer(server, 'K')];
    const from = async (address: string, p: Registered, query: string, variables: Record<string, unknown> = {}) =>
      code((await server.app.inject({ method: 'POST', url: '/graphql', remoteAddress: address, headers: { authorization: `Bearer ${p.token}` }, payload: { query, variables } })).json());
    const seek = 'mutation { openSeek(input: { game: "scout", seats: 3 }) { id } }';
    expect([await from('2001:db8:a:b::1', f, seek), await from('2001:db8:a:b::2', g, seek), await from('2001:db8:a:b:1::3', h, seek), await from('2001:db8:a:c::1', k, seek)]).toEqual(['OK', 'OK', 'MATCH_LIMIT', 'OK']);
    // Pools of 5 and 4 seats and a clock of their own: none pairs with another's entry.
    const enter = (seats: number) => ['mutation($s: Int) { playNow(input: { game: "scout", seats: $s, timeControl: { perMove: "PT77S" } }) { gameId } }', { s: seats }] as const;
    expect([await from('2001:db8:a:d::1', f, ...enter(5)), await from('2001:db8:a:d::2', g, ...enter(5)), await from('2001:db8:a:d::3', h, ...enter(4))]).toEqual(['OK', 'OK', 'MATCH_LIMIT']);
  });

  it('an address holding is a hash keyed by the deployment secret, not a plain one; every holding expires once no one adds to it', async () => {
    const items = ((await documentClient(server.client).send(new ScanCommand({ TableName: 'parlor' }))).Items ?? []).filter((i) => String(i.pk).startsWith('MATCHHOLD#'));
    const addresses = items.filter((i) => String(i.pk).startsWith('MATCHHOLD#ADDR#')).map((i) => String(i.pk).split('#')[2]!);
    expect(addresses.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(items)).not.toMatch(/127\.0\.0|2001:db8/);
    const plain = ['127.0.0.1', '2001:db8:a:b::/64', '2001:db8:a:d::/64'].map((n) => createHash('sha256').update(`match:${n}`).digest('base64url').slice(0, 22));
    for (const p of plain) expect(addresses).not.toContain(p);
    // Kept past the longest seek, not for ever: an old key (an address's full IPv6 before the /64 rule, its unkeyed hash before this) goes.
    const now = Math.floor(Date.now() / 1000);
    for (const i of items) expect(i[TTL_ATTRIBUTE]).toBeGreaterThan(now + MATCH_SETTINGS.seekMaxMinutes * 60);
    for (const i of items) expect(i[TTL_ATTRIBUTE]).toBeLessThan(now + 40 * 24 * 3600);
  });
});
