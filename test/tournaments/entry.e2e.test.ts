/**
 * Who may enter a tournament (issue 35), through the real local server: entrants per client
 * address and per device, no two linked accounts in one duplicate tournament (one person must not
 * hold both sides of a board's deal), the rated minimum, and the creator's removal of entrants
 * (GraphQL and REST). Clients speak from distinct loopback addresses (127.0.0.x) to be distinct.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { gqlFrom } from '../kit/from-address.js';
import { registerPlayer, type Registered } from '../kit/players.js';

const server = useServer({ entryRules: { entrantsPerAddress: 2, entrantsPerDevice: 1, linkedInDuplicate: 'REFUSE', ratedMinAccountDays: 7, ratedMinGames: 1 } });

/** A GraphQL call from `address` (a loopback address of the client's own), with an optional Parlor-Device header. */
const gqlAt = (address: string, query: string, variables: Record<string, unknown>, token?: string, device?: string): Promise<{ data?: any; errors?: { message: string; extensions?: { code?: string } }[] }> =>
  gqlFrom(server.url, address, query, variables, token, device);

const ok = (r: { data?: any; errors?: unknown }) => {
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data;
};
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code ?? 'OK';
const JOIN = 'mutation($id: ID!) { joinTournament(id: $id) { entrants { index name } } }';
const create = async (by: Registered, input: Record<string, unknown>) => ok(await server.gql('mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }', { i: { game: 'scout', seats: 2, rounds: 1, ...input } }, by.token)).createTournament.id as string;
const players = (names: string[]) => Promise.all(names.map((n) => registerPlayer(server, n)));

describe('entry limits', () => {
  it('at most 2 entrants from one client address (ENTRY_LIMIT); another address still enters', async () => {
    const [host, a, b, c, d] = await players(['Host', 'Al', 'Bo', 'Cy', 'Di']);
    const id = await create(host!, { duplicate: false });
    const from = (p: Registered, address: string) => gqlAt(address, JOIN, { id }, p.token);
    expect([code(await from(a!, '127.0.0.2')), code(await from(b!, '127.0.0.2')), code(await from(c!, '127.0.0.2')), code(await from(d!, '127.0.0.3'))]).toEqual(['OK', 'OK', 'ENTRY_LIMIT', 'OK']);
    const rest = await server.rest('POST', `/v1/tournaments/${id}/join`, undefined, c!.token); // the test client's own address: a third one
    expect(rest.status).toBe(200);
  });

  it('at most 1 entrant from one device, whatever the address (ENTRY_LIMIT)', async () => {
    const [host, a, b] = await players(['Host2', 'Ed', 'Flo']);
    const id = await create(host!, { duplicate: false });
    const device = 'browser-one-0123456789';
    expect(code(await gqlAt('127.0.0.4', JOIN, { id }, a!.token, device))).toBe('OK');
    const second = await gqlAt('127.0.0.5', JOIN, { id }, b!.token, device);
    expect(code(second)).toBe('ENTRY_LIMIT');
    expect(second.errors?.[0]?.message).toMatch(/device/);
    expect(code(await gqlAt('127.0.0.5', JOIN, { id }, b!.token, 'browser-two-0123456789'))).toBe('OK');
  });
});

describe('duplicate integrity: two accounts of one person never at one board', () => {
  it('an account sharing an address or a device with an entrant cannot enter a duplicate tournament (LINKED_ENTRANT); the others are seated', async () => {
    const [host, amy, amy2, amy3, bea, bo, cy] = await players(['Host3', 'Amy', 'Amy2', 'Amy3', 'Bea', 'Bo', 'Cy']);
    const id = await create(host!, { duplicate: true });
    const amyDevice = 'amys-laptop-0123456789';
    expect(code(await gqlAt('127.0.0.10', JOIN, { id }, amy!.token, amyDevice))).toBe('OK');
    expect(code(await gqlAt('127.0.0.10', JOIN, { id }, amy2!.token, 'other-browser-0123456789')), 'same address').toBe('LINKED_ENTRANT');
    expect(code(await gqlAt('127.0.0.11', JOIN, { id }, amy3!.token, amyDevice)), 'same device').toBe('LINKED_ENTRANT');
    for (const [p, address] of [[bea!, '127.0.0.12'], [bo!, '127.0.0.13'], [cy!, '127.0.0.14']] as const) expect(code(await gqlAt(address, JOIN, { id }, p.token))).toBe('OK');
    const t = ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { entrants { name } rounds { boards { games { seats { name } } } } } }', { id }, host!.token)).startTournament;
    expect(t.entrants.map((e: { name: string }) => e.name)).toEqual(['Amy', 'Bea', 'Bo', 'Cy']);
    // Every board is played at both tables by the four, none of them another's second account.
    const atBoard = t.rounds[0].boards.map((b: any) => b.games.flatMap((g: any) => g.seats.map((s: any) => s.name)).sort());
    for (const names of atBoard) expect(names).toEqual(['Amy', 'Bea', 'Bo', 'Cy']);
    await server.play.settle();
  });

  it('a tournament without duplicate deals lets linked accounts in, up to the address limit', async () => {
    const [host, amy, amy2] = await players(['Host4', 'Amy', 'Amy2']);
    const id = await create(host!, { duplicate: false });
    expect([code(await gqlAt('127.0.0.20', JOIN, { id }, amy!.token)), code(await gqlAt('127.0.0.20', JOIN, { id }, amy2!.token))]).toEqual(['OK', 'OK']);
  });
});

describe('rated tournaments', () => {
  it('refuse an account younger than the minimum with fewer rated games than the minimum (ENTRY_TOO_NEW); an unrated one takes it', async () => {
    const [host, fresh] = await players(['Host5', 'Newbie']);
    const rated = await create(host!, { duplicate: false, rated: true });
    expect(ok(await server.gql('query($id: ID!) { tournament(id: $id) { rated } }', { id: rated })).tournament.rated).toBe(true);
    expect(code(await gqlAt('127.0.0.30', JOIN, { id: rated }, fresh!.token))).toBe('ENTRY_TOO_NEW');
    const rest = await server.rest('POST', `/v1/tournaments/${rated}/join`, undefined, fresh!.token);
    expect([rest.status, rest.body.error?.code]).toEqual([403, 'ENTRY_TOO_NEW']);
    const unrated = await create(host!, { duplicate: false });
    expect(code(await gqlAt('127.0.0.30', JOIN, { id: unrated }, fresh!.token))).toBe('OK');
  });
});

describe('the creator removes entrants before the start', () => {
  it('through GraphQL and REST; only the creator; a removed player cannot join again; none once started', async () => {
    const [host, a, b, c, d] = await players(['Host6', 'Gil', 'Hal', 'Ivy', 'Jo']);
    const id = await create(host!, { duplicate: false, bots: ['random'] });
    for (const [p, address] of [[a!, '127.0.0.40'], [b!, '127.0.0.41'], [c!, '127.0.0.42'], [d!, '127.0.0.43']] as const) ok(await gqlAt(address, JOIN, { id }, p.token));
    const REMOVE = 'mutation($id: ID!, $i: Int!) { removeEntrant(id: $id, index: $i) { entrants { index name } } }';
    expect(code(await server.gql(REMOVE, { id, i: 1 }, a!.token)), 'an entrant is not the creator').toBe('FORBIDDEN');
    expect(ok(await server.gql(REMOVE, { id, i: 1 }, host!.token)).removeEntrant.entrants.map((e: any) => e.name)).toEqual(['random #1', 'Hal', 'Ivy', 'Jo']);
    const rest = await server.rest('DELETE', `/v1/tournaments/${id}/entrants/0`, undefined, host!.token);
    expect([rest.status, rest.body.entrants.map((e: any) => e.name)]).toEqual([200, ['Hal', 'Ivy', 'Jo']]);
    expect(code(await gqlAt('127.0.0.40', JOIN, { id }, a!.token)), 'removed: not again').toBe('FORBIDDEN');
    expect(code(await server.gql(REMOVE, { id, i: 9 }, host!.token))).toBe('BAD_INPUT');
    // Named as the creator saw it: Ivy was entrant 2 before the bot left; now she is 1, so a removal of "Ivy at 2" (sent before the page saw the first) removes no one.
    const NAMED = 'mutation($id: ID!, $i: Int!, $n: String) { removeEntrant(id: $id, index: $i, name: $n) { entrants { name } } }';
    expect(code(await server.gql(NAMED, { id, i: 2, n: 'Ivy' }, host!.token)), 'another entrant is there now').toBe('VERSION_CONFLICT');
    const named = await server.rest('DELETE', `/v1/tournaments/${id}/entrants/2?name=Ivy`, undefined, host!.token);
    expect([named.status, named.body.error?.code]).toEqual([409, 'VERSION_CONFLICT']);
    expect((await server.gql('query($id: ID!) { tournament(id: $id) { entrants { name } } }', { id })).data.tournament.entrants.map((e: any) => e.name), 'no one removed').toEqual(['Hal', 'Ivy', 'Jo']);
    expect(ok(await server.gql(NAMED, { id, i: 1, n: 'Ivy' }, host!.token)).removeEntrant.entrants.map((e: any) => e.name)).toEqual(['Hal', 'Jo']);
    const [kim] = await players(['Kim']);
    ok(await gqlAt('127.0.0.45', JOIN, { id }, kim!.token));
    ok(await gqlAt('127.0.0.44', JOIN, { id }, host!.token));
    ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id }, host!.token));
    expect(code(await server.gql(REMOVE, { id, i: 0 }, host!.token)), 'started: entrants stay').toBe('FORBIDDEN');
    await server.play.settle();
  });
});
