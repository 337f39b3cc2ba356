/**
 * A rematch is an offer (real server, embedded DynamoDB, a real webhook receiver, a manual clock):
 * every former human player answers — resigned ones too — and sees it in their inbox and as a
 * REMATCH_OFFERED webhook; the rematch is created and started only when all accepted (bots
 * re-seated, seats rotated, linked both ways); one decline ends it; unanswered, it lapses.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REMATCH_OFFER_MS } from '../../services/lifecycle/rematch-offer.js';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const clock = new ManualClock();
const server = useServer({ clock, webhooks: { privateAddresses: true } });
const receiver = useReceiver();
const GAME = 'query($id: ID!) { game(id: $id) { status { over phase } players { seat name bot } rematch rematchOf rematchOffer { offeredBy accepted declined expiresAt } clocks { seat deadline } } }';
const game = async (id: string) => (await server.gql(GAME, { id })).data.game;
const offer = (id: string, p: Registered) => server.gql('mutation($id: ID!) { offerRematch(gameId: $id) { rematch rematchOffer { offeredBy accepted declined expiresAt } } }', { id }, p.token);
const answer = (id: string, p: Registered, accept: boolean) => server.gql('mutation($id: ID!, $a: Boolean!) { answerRematch(gameId: $id, accept: $a) { rematch rematchOffer { accepted declined } } }', { id, a: accept }, p.token);
const offered = async (id: string, p: Registered) =>
  (await server.gql('query { me { games(first: 100) { edges { node { gameId rematchOffered } } } } }', {}, p.token)).data.me.games.edges.find((e: any) => e.node.gameId === id)?.node.rematchOffered;
const rematchTypes = async (id: string) => typesOf((await commits(server, id)).flatMap((c) => c.events)).filter((t) => t.startsWith('Rematch'));

/** A finished three-seat SCOUT game: Ann and Bob (both resigned, the bots played it out) and a bot at seat 2. */
async function finished(seed: string): Promise<{ id: string; ann: Registered; bob: Registered }> {
  const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
  const id = await createAndJoin(server, { game: 'scout', seats: 3, bots: [{ seat: 2, kind: 'random' }], timeControl: { perMove: 'P1D' }, timeoutBot: 'random', seed }, [ann, bob]);
  for (const p of [ann, bob]) expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, p.token)).errors).toBeUndefined();
  await server.play.settle();
  expect((await game(id)).status.over).toBe(true);
  return { id, ann, bob };
}

describe('a rematch is an offer', () => {
  it('is refused before the game is over and to someone who did not play it', async () => {
    const [ann, bob, eve] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob'), await registerPlayer(server, 'Eve')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeoutBot: 'random' }, [ann, bob]);
    expect((await offer(id, ann)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, bob.token);
    await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, ann.token);
    await server.play.settle();
    expect((await offer(id, eve)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await answer(id, ann, true)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN'); // nothing offered yet
    expect(await rematchTypes(id)).toEqual([]);
  });

  it('each former player (resigned ones too) sees it in the inbox and as REMATCH_OFFERED; created and started only when all accepted', async () => {
    const { id, ann, bob } = await finished('offer');
    expect((await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [REMATCH_OFFERED]) { id } }', { u: receiver.url }, bob.token)).errors).toBeUndefined();
    const made = await offer(id, ann);
    expect(made.errors).toBeUndefined();
    expect(made.data.offerRematch).toEqual({ rematch: null, rematchOffer: { offeredBy: 0, accepted: [0], declined: [], expiresAt: new Date(clock.now() + DEFAULT_REMATCH_OFFER_MS).toISOString() } });
    expect(await offered(id, bob)).toBe(true);
    expect(await offered(id, ann)).toBe(false); // her offer is her answer
    await until(() => receiver.received.some((r) => JSON.parse(r.body).gameId === id));
    expect(JSON.parse(receiver.received.find((r) => JSON.parse(r.body).gameId === id)!.body)).toMatchObject({ type: 'REMATCH_OFFERED', gameId: id, seat: 1 });
    expect((await offer(id, ann)).data.offerRematch.rematch).toBeNull(); // offering again changes nothing
    expect(await rematchTypes(id)).toEqual(['RematchOffered']);

    const accepted = await answer(id, bob, true);
    expect(accepted.errors).toBeUndefined();
    const next = accepted.data.answerRematch.rematch as string;
    expect(next).toBeTruthy();
    await server.play.settle();
    const fresh = await game(next);
    // Seats rotated by one, the bot re-seated at its rotated seat, the game started with its clock running.
    expect(fresh.players.map((p: any) => [p.name, p.bot])).toEqual([['random bot', 'random'], ['Ann', null], ['Bob', null]]);
    expect(fresh).toMatchObject({ rematchOf: id, status: { over: false } });
    expect(fresh.clocks.some((c: any) => c.deadline)).toBe(true);
    expect((await game(id)).rematch).toBe(next);
    expect(await offered(id, bob)).toBe(false);
    expect((await answer(id, bob, true)).data.answerRematch.rematch).toBe(next); // the same answer again: the same game
    expect(await rematchTypes(id)).toEqual(['RematchOffered', 'RematchAnswered', 'RematchCreated']);
  });

  it('one decline ends the offer (no game); a later offer may be made again, a few times at most', async () => {
    const { id, ann, bob } = await finished('decline');
    await offer(id, ann);
    expect((await answer(id, bob, false)).data.answerRematch).toEqual({ rematch: null, rematchOffer: { accepted: [0], declined: [1] } });
    expect((await answer(id, bob, true)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN'); // already declined
    expect(await offered(id, bob)).toBe(false);
    expect((await offer(id, bob)).data.offerRematch.rematchOffer).toMatchObject({ offeredBy: 1, accepted: [1], declined: [] });
    await answer(id, ann, false);
    await offer(id, ann);
    await answer(id, bob, false);
    expect((await offer(id, bob)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN'); // the fourth
    expect((await game(id)).rematch).toBeNull();
  });

  it('lapses unanswered after its time (a timer, time as input): answering then is refused', async () => {
    const { id, ann, bob } = await finished('lapse');
    await offer(id, ann);
    clock.advance(DEFAULT_REMATCH_OFFER_MS - 1);
    await server.play.settle();
    expect(await offered(id, bob)).toBe(true);
    clock.advance(1);
    await server.play.settle();
    expect(await rematchTypes(id)).toEqual(['RematchOffered', 'RematchExpired']);
    expect(await offered(id, bob)).toBe(false);
    const late = await answer(id, bob, true);
    expect(late.errors?.[0]).toMatchObject({ message: expect.stringMatching(/expired/), extensions: { code: 'FORBIDDEN' } });
    expect((await game(id)).rematch).toBeNull();
  });

  it('REST mirrors it: POST /v1/games/:id/offer-rematch and /answer-rematch', async () => {
    const { id, ann, bob } = await finished('rest');
    const made = await server.rest('POST', `/v1/games/${id}/offer-rematch`, undefined, bob.token);
    expect(made.status).toBe(200);
    expect(made.body.rematchOffer).toMatchObject({ offeredBy: 1, accepted: [1], declined: [] });
    expect((await server.rest('POST', `/v1/games/${id}/answer-rematch`, { accept: 'yes' }, ann.token)).status).toBe(400);
    const done = await server.rest('POST', `/v1/games/${id}/answer-rematch`, { accept: true }, ann.token);
    expect(done.status).toBe(200);
    expect(done.body.rematch).toEqual(expect.any(String));
    await server.play.settle();
  });
});
