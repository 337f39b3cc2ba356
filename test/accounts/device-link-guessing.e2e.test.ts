/** Guessing device link codes is rate-limited per client address, through GraphQL and REST alike. */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';

const server = useServer({ limits: { deviceLinkTriesPerMinute: 3 } });

describe('device link guessing', () => {
  it('an address that tried deviceLinkTriesPerMinute codes is refused with RATE_LIMITED until the minute is over', async () => {
    const tries = [] as (string | undefined)[];
    for (const code of ['AAAA-AAAA', 'AAAA-AAAB']) tries.push((await server.gql('mutation($c: String!) { redeemDeviceLink(code: $c) { token } }', { c: code })).errors?.[0]?.extensions?.code);
    tries.push((await server.rest('POST', '/v1/device-links/redeem', { code: 'AAAA-AAAC' })).body.error.code);
    const rest = await server.rest('POST', '/v1/device-links/redeem', { code: 'AAAA-AAAD' });
    const gql = await server.gql('mutation { redeemDeviceLink(code: "AAAA-AAAE") { token } }');
    expect(tries).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    expect([rest.status, rest.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(gql.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('other requests from the address are not counted', async () => {
    expect((await server.gql('mutation { registerPlayer(name: "Ann") { token } }')).errors).toBeUndefined();
  });
});
