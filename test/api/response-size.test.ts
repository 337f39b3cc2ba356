/**
 * The backstop behind the cost limit (services/api/limits/http.ts): a GraphQL answer over
 * maxResponseBytes is replaced by a BAD_INPUT error; one within it goes out as it is. Real server.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';

describe('the response size limit', () => {
  // {"data":{"__typename":"Query"}} is 31 bytes; {"data":{"gameTypes":[{"id":"high-card"}]}} is 43.
  const server = useServer({ games: [highCard], limits: { maxResponseBytes: 40 } });

  it('refuses an answer over the limit with 400 BAD_INPUT, and lets a smaller one through', async () => {
    const small = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect([small.status, await small.json()]).toEqual([200, { data: { __typename: 'Query' } }]);
    const large = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ gameTypes { id } }' }) });
    expect(large.status).toBe(400);
    expect(((await large.json()) as { errors: { extensions: { code: string }; message: string }[] }).errors[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' }, message: expect.stringContaining('ask for fewer fields') });
  });
});
