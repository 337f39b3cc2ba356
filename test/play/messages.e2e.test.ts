/**
 * Messages in a game over the real server (HTTP, graphql-ws, embedded DynamoDB, a webhook
 * receiver on loopback), with time from a manual clock: who reads them, their limits, muting,
 * MESSAGE notifications, and their place in the history and the published record.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf } from '../kit/players.js';
import { subscribe, useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';
import { verifyRecord } from '../../services/analytics/verify.js';

const clock = new ManualClock();
const server = useServer({ clock, webhooks: { privateAddresses: true } });
const receiver = useReceiver();

const SEND = 'mutation($id: ID!, $t: String!) { sendMessage(gameId: $id, text: $t) { id seat name text at } }';
const READ = 'query($id: ID!, $first: Int, $after: String) { game(id: $id) { version messages(first: $first, after: $after) { edges { cursor node { id seat name text } } pageInfo { hasNextPage endCursor } } } }';
const texts = (g: any) => g.messages.edges.map((e: any) => e.node.text);

async function table(input: Record<string, unknown> = {}) {
  const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
  const id = await createAndJoin(server, { game: 'scout', seats: 2, seed: 'chat', ...input }, [ann, bob]);
  return { id, ann, bob };
}

describe('messages in a game', () => {
  it('a seated player’s message reaches the other seats (query and gameUpdated), as the plain text it was', async () => {
    const { id, ann, bob } = await table();
    const updates = subscribe(server.ws(bob.token), 'subscription($id: ID!) { gameUpdated(gameId: $id) { version messages(first: 1) { edges { node { seat text } } } } }', { id });
    await updates.until(1);
    const html = '<img src=x onerror=alert(1)> & <b>hi</b>';
    const sent = await server.gql(SEND, { id, t: `  ${html}\n` }, ann.token);
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendMessage).toMatchObject({ seat: 0, name: 'Ann', text: html });
    expect(texts((await server.gql(READ, { id }, bob.token)).data.game)).toEqual([html]);
    const [, pushed] = await updates.until(2);
    expect(pushed!.data.gameUpdated.messages.edges).toEqual([{ node: { seat: 0, text: html } }]);
    // REST mirrors it.
    const rest = await server.rest('GET', `/v1/games/${id}/messages`, undefined, bob.token);
    expect(rest.body).toMatchObject({ spectatorChat: false, mutedSeats: [], edges: [{ node: { seat: 0, text: html } }] });
  });

  it('newest first, a page at a time', async () => {
    const { id, ann, bob } = await table();
    for (const t of ['one', 'two', 'three']) expect((await server.gql(SEND, { id, t }, ann.token)).errors).toBeUndefined();
    const first = (await server.gql(READ, { id, first: 2 }, bob.token)).data.game;
    expect(texts(first)).toEqual(['three', 'two']);
    expect(first.messages.pageInfo.hasNextPage).toBe(true);
    const rest = (await server.gql(READ, { id, first: 2, after: first.messages.pageInfo.endCursor }, bob.token)).data.game;
    expect(texts(rest)).toEqual(['one']);
  });

  it('spectators read messages only when the creator chose spectatorChat; their history holds no text otherwise', async () => {
    const closed = await table();
    await server.gql(SEND, { id: closed.id, t: 'secret plan' }, closed.ann.token);
    expect(texts((await server.gql(READ, { id: closed.id })).data.game)).toEqual([]);
    const history = JSON.stringify((await server.rest('GET', `/v1/games/${closed.id}/history`)).body);
    expect(history).toContain('MessageSent');
    expect(history).not.toContain('secret plan');

    const open = await table({ spectatorChat: true });
    await server.gql(SEND, { id: open.id, t: 'hello all' }, open.ann.token);
    expect(texts((await server.gql(READ, { id: open.id })).data.game)).toEqual(['hello all']);
    // A spectator may read, never send.
    expect((await server.gql(SEND, { id: open.id, t: 'me too' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('bad input is refused with a stable code and changes nothing: empty, over 500 characters, control characters', async () => {
    const { id, ann } = await table();
    const before = (await server.gql(READ, { id }, ann.token)).data.game.version;
    for (const t of ['   ', 'x'.repeat(501), 'bell\u0007', 'flip\u202Eed']) {
      expect((await server.gql(SEND, { id, t }, ann.token)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    }
    expect((await server.rest('POST', `/v1/games/${id}/messages`, { text: 'x'.repeat(501) }, ann.token)).status).toBe(400);
    // 500 characters (Persian ones: counted as characters, not bytes) is the most a message holds.
    expect((await server.gql(SEND, { id, t: 'س'.repeat(500) }, ann.token)).errors).toBeUndefined();
    expect((await server.gql(READ, { id }, ann.token)).data.game.version).toBe(before + 1);
  });

  it('rate limit: at most 5 messages a minute per seat; another seat is not held back, and a minute later the seat may send again', async () => {
    const { id, ann, bob } = await table();
    for (let i = 0; i < 5; i++) expect((await server.gql(SEND, { id, t: `m${i}` }, ann.token)).errors).toBeUndefined();
    const limited = await server.gql(SEND, { id, t: 'm5' }, ann.token);
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await server.rest('POST', `/v1/games/${id}/messages`, { text: 'm5' }, ann.token)).status).toBe(429);
    expect((await server.gql(SEND, { id, t: 'bob' }, bob.token)).errors).toBeUndefined();
    clock.advance(60_000);
    expect((await server.gql(SEND, { id, t: 'm5' }, ann.token)).errors).toBeUndefined();
  });

  it('mute: the muted seat’s messages leave the muter’s page and notifications; no one else learns of the mute', async () => {
    const { id, ann, bob } = await table();
    await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [MESSAGE]) { id } }', { u: receiver.url }, bob.token);
    await server.gql(SEND, { id, t: 'before' }, ann.token);
    await until(() => receiver.received.some((d) => JSON.parse(d.body).gameId === id));
    const muted = await server.gql('mutation($id: ID!) { muteInGame(gameId: $id, seat: 0) { mutedSeats } }', { id }, bob.token);
    expect(muted.data.muteInGame.mutedSeats).toEqual([0]);
    await server.gql(SEND, { id, t: 'after' }, ann.token);
    // Every message of the muted seat is hidden from the muter, earlier ones too; the sender still sees them.
    expect(texts((await server.gql(READ, { id }, bob.token)).data.game)).toEqual([]);
    expect(texts((await server.gql(READ, { id }, ann.token)).data.game)).toEqual(['after', 'before']);
    const annSees = JSON.stringify((await server.rest('GET', `/v1/games/${id}/history`, undefined, ann.token)).body);
    expect(annSees).not.toContain('ChatMuted');
    expect(JSON.stringify((await server.rest('GET', `/v1/games/${id}/history`, undefined, bob.token)).body)).toContain('ChatMuted');
    // Unmuted, the seat's messages are back, and notified again.
    await server.rest('POST', `/v1/games/${id}/mute`, { seat: 0, muted: false }, bob.token);
    expect(texts((await server.gql(READ, { id }, bob.token)).data.game)).toEqual(['after', 'before']);
    const third = (await server.gql(SEND, { id, t: 'third' }, ann.token)).data.sendMessage;
    const forGame = () => receiver.received.map((d) => JSON.parse(d.body)).filter((b) => b.gameId === id);
    await until(() => forGame().length >= 2);
    await server.play.dispatcher.sendDue(); // anything still queued goes now
    // "after" came from a muted seat: no notice for it (its notice would be queued before "third"'s).
    expect(forGame().map((b) => b.version)).toEqual([forGame()[0].version, Number(third.id)]);
    expect(forGame()[0].version).toBeLessThan(Number(third.id) - 2);
    expect((await server.gql('mutation($id: ID!) { muteInGame(gameId: $id, seat: 1) { id } }', { id }, bob.token)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
  });

  it('no card reaches a message or its notification: the MESSAGE body is the game’s public facts, never the text; the commit holds the message only', async () => {
    const { id, ann, bob } = await table();
    await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [MESSAGE]) { id } }', { u: receiver.url }, bob.token);
    const sent = (await server.gql(SEND, { id, t: 'your move' }, ann.token)).data.sendMessage;
    await until(() => receiver.received.some((d) => JSON.parse(d.body).gameId === id));
    const body = JSON.parse(receiver.received.find((d) => JSON.parse(d.body).gameId === id)!.body);
    expect(body).toMatchObject({ type: 'MESSAGE', gameId: id, seat: 1, version: Number(sent.id), deadline: null });
    expect(JSON.stringify(body)).not.toContain('your move');
    // The payload's public facts (webhook-payloads.e2e checks every event type's schema): no view, no hand.
    expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['view']));
    expect(JSON.stringify(body)).not.toMatch(/"hands?"/);
    const commit = (await commits(server, id)).find((c) => c.version === Number(sent.id))!;
    expect(commit.events).toEqual([{ type: 'MessageSent', seat: 0, text: 'your move', at: new Date(clock.now()).toISOString() }]);
    expect(commit.command).toBeUndefined();
  });

  it('part of the record: a finished game’s record holds its messages (text only with spectatorChat) and verifies', async () => {
    for (const spectatorChat of [false, true]) {
      const { id, ann, bob } = await table({ spectatorChat, timeoutBot: 'random' });
      await server.gql(SEND, { id, t: 'good luck' }, ann.token);
      await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, ann.token);
      await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, bob.token);
      await server.play.settle();
      expect((await server.gql('query($id: ID!) { game(id: $id) { status { over } } }', { id })).data.game.status.over).toBe(true);
      // Closed once the game is over.
      expect((await server.gql(SEND, { id, t: 'gg' }, bob.token)).errors?.[0]?.extensions?.code).toBe('GAME_OVER');
      const record = (await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id })).data.gameRecord;
      const sent = record.commits.flatMap((c: any) => c.events).filter((e: any) => e.type === 'MessageSent');
      expect(sent).toHaveLength(1);
      expect(sent[0].text).toBe(spectatorChat ? 'good luck' : undefined);
      expect(typesOf(record.commits.flatMap((c: any) => c.events))).toContain('GameEnded');
      expect(verifyRecord(record)).toMatchObject({ ok: true });
    }
  });
});
