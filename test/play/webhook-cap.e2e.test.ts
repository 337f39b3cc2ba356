/**
 * A player holds at most 5 webhooks, even when the adds race each other (issue 26 finding 11):
 * 11 concurrent addWebhook through a real server accept exactly 5; removing one frees its slot.
 */
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const server = useServer({ webhooks: { privateAddresses: true } });
const ADD = 'mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }';

describe('the webhook cap', () => {
  it('holds under 11 concurrent addWebhook: 5 accepted, 6 refused with BAD_INPUT; a removed one frees its slot', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const answers = await Promise.all(Array.from({ length: 11 }, (_, i) => server.gql(ADD, { u: `https://example.com/hook/${i}` }, ann.token)));
    const accepted = answers.filter((a) => a.data?.addWebhook);
    expect(accepted).toHaveLength(5);
    expect(answers.filter((a) => a.errors?.[0]?.extensions?.code === 'BAD_INPUT')).toHaveLength(6);
    const listed = async () => (await server.gql('query { me { webhooks { id } } }', {}, ann.token)).data.me.webhooks.map((h: { id: string }) => h.id).sort();
    expect(await listed()).toEqual(accepted.map((a) => a.data.addWebhook.id).sort());
    const gone = accepted[0]!.data.addWebhook.id;
    expect((await server.gql('mutation($id: ID!) { removeWebhook(id: $id) }', { id: gone }, ann.token)).data.removeWebhook).toBe(true);
    expect((await server.gql(ADD, { u: 'https://example.com/hook/again' }, ann.token)).data.addWebhook.id).toEqual(expect.any(String));
    expect(await listed()).toHaveLength(5);
  });
});
