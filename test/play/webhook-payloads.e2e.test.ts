/**
 * Webhook payloads carry what a bot or chat integration needs, and nothing hidden: real games
 * over the real server (manual clock) raise every event type; each delivery validates against
 * the JSON Schema the server serves (GET /v1/webhooks/schema, checked with ajv), whose objects
 * admit no field beyond the public ones, and every value is one a spectator reads too. The link
 * is built from the server's public URL (issue #37: under `npm start` it was null).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../services/notifications/events.js';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const clock = new ManualClock();
// The public URL as services/main.ts passes it (PUBLIC_URL, else http://HOST:PORT), not through the environment.
const server = useServer({ clock, webhooks: { privateAddresses: true }, notifications: { publicUrl: 'https://parlor.example/' } });
const receivers = [useReceiver(), useReceiver(), useReceiver()];
const SEED = 'a secret seed nobody may read from a webhook';
const SPECTATOR = 'query($id: ID!) { game(id: $id) { type players { seat name bot } status { over phase result { scores winners resigned forfeited } } } }';
const resign = (id: string, p: Registered) => server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, p.token);

describe('webhook payloads', () => {
  it('every event type is delivered with the documented, public-only payload (type and name, seats, whose turn, deadline, reason, result, link)', async () => {
    const players = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob'), await registerPlayer(server, 'Cy')];
    const [ann, bob, cy] = players as [Registered, Registered, Registered];
    for (const [i, p] of players.entries()) {
      const added = await server.gql('mutation($u: String!, $e: [WebhookEvent!]) { addWebhook(url: $u, events: $e) { id } }', { u: receivers[i]!.url, e: WEBHOOK_EVENTS }, p.token);
      expect(added.errors).toBeUndefined();
    }
    // A played game: turns, a warning, timeouts, resignations, the end, a rematch offer.
    // Its rounds end after 6 actions (roundActionLimit): the bots play out a few moves, not a few hundred.
    const played = await createAndJoin(server, { game: 'scout', seats: 3, options: { roundActionLimit: 6 }, timeControl: { perMove: 'PT1M' }, timeoutBot: 'random', seed: SEED }, players);
    await server.play.settle();
    clock.advance(45_000); // a quarter left: DEADLINE_WARNING
    await server.play.settle();
    clock.advance(15_000); // the opening's deadlines pass: TIMED_OUT, a bot moves for each
    await server.play.settle();
    for (const p of players) await resign(played, p); // RESIGNED; the bots play it out: GAME_OVER (finished)
    await server.play.settle();
    expect((await server.gql('mutation($id: ID!) { offerRematch(gameId: $id) { id } }', { id: played }, ann.token)).errors).toBeUndefined(); // REMATCH_OFFERED
    // Games that end otherwise: cancelled, expired, decided by a forfeit.
    const cancelled = await createAndJoin(server, { game: 'scout', seats: 3 }, [ann]);
    await server.gql('mutation($id: ID!) { cancelGame(gameId: $id) { version } }', { id: cancelled }, ann.token);
    const expired = await createAndJoin(server, { game: 'scout', seats: 3, expiresIn: 'PT1H' }, [bob]);
    const forfeit = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT1M' }, onTimeout: 'FORFEIT', timeoutBot: 'random' }, [cy, ann]);
    expect((await server.gql('mutation($id: ID!) { sendMessage(gameId: $id, text: "good luck") { id } }', { id: forfeit }, cy.token)).errors).toBeUndefined(); // MESSAGE
    // onTimeout ASK: the first seat out of time opens a claim (TIMEOUT_CLAIM), the other seat ends the game (reason claim).
    const asked = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT1M' }, onTimeout: 'ASK', timeoutBot: 'random' }, [bob, cy]);
    await server.play.settle();
    clock.advance(3_600_000);
    await server.play.settle();
    const question = (await server.gql('query($id: ID!) { game(id: $id) { timeoutClaim { answerers } } }', { id: asked })).data.game.timeoutClaim;
    const ended = await server.gql('mutation($id: ID!) { claimTimeout(gameId: $id, choice: END) { version } }', { id: asked }, [bob, cy][question.answerers[0]]!.token);
    expect(ended.errors).toBeUndefined();
    await server.play.settle();

    // A game matchmaking starts (a bot challenged by name): GAME_STARTED.
    const started = (await server.gql('mutation { challengeBot(input: { game: "scout", bot: "random" }) }', {}, ann.token)).data.challengeBot as string;
    await server.play.settle();

    const ids = [played, cancelled, expired, forfeit, asked, started];
    const deliveries = () => receivers.flatMap((r, i) => r.received.map((d) => ({ to: i, body: JSON.parse(d.body), raw: d.body }))).filter((d) => ids.includes(d.body.gameId));
    const reasons = () => new Set(deliveries().map((d) => d.body.reason).filter(Boolean));
    await until(() => new Set(deliveries().map((d) => d.body.type)).size === WEBHOOK_EVENTS.length && reasons().size === 5, 20_000);
    expect([...reasons()].sort()).toEqual(['cancelled', 'claim', 'expired', 'finished', 'forfeit']);

    const served = await server.rest('GET', '/v1/webhooks/schema');
    expect(served.status).toBe(200);
    const valid = new Ajv2020({ strict: true }).compile(served.body);
    const spectator = new Map<string, any>();
    for (const id of ids) spectator.set(id, (await server.gql(SPECTATOR, { id })).data.game);
    for (const { to, body, raw } of deliveries()) {
      expect(valid(body), `${raw}: ${JSON.stringify(valid.errors)}`).toBe(true);
      const seen = spectator.get(body.gameId);
      // Every value is public: what a spectator reads of the same game (the game never shows a view or the seed here).
      expect(body.game).toEqual({ type: 'scout', name: 'SCOUT' });
      expect(body.seats.map((s: any) => [s.seat, s.name])).toEqual(seen.players.map((p: any) => [p.seat, p.name]));
      expect(body.url).toBe(`https://parlor.example/#/game/${body.gameId}`);
      expect(raw).not.toContain(SEED);
      for (const s of body.toMove) expect(s).toBeLessThan(body.seats.length);
      if (body.type === 'GAME_OVER') expect(body.result).toEqual(seen.status.result);
      if (body.type === 'YOUR_TURN' || body.type === 'DEADLINE_WARNING') expect(body.seat).toBe(body.seats.findIndex((s: any) => s.name === players[to]!.name));
    }
    const over = deliveries().filter((d) => d.body.type === 'GAME_OVER');
    expect(over.find((d) => d.body.gameId === played)!.body).toMatchObject({ reason: 'finished', result: { resigned: [0, 1, 2], forfeited: [] }, toMove: [] });
    expect(over.find((d) => d.body.gameId === forfeit)!.body).toMatchObject({ reason: 'forfeit', result: { forfeited: [0, 1] } });
    expect(over.find((d) => d.body.gameId === cancelled)!.body).toMatchObject({ reason: 'cancelled', result: null });
    const turn = deliveries().find((d) => d.body.type === 'YOUR_TURN' && d.body.gameId === played)!.body;
    expect(turn.toMove).toEqual([0, 1, 2]);
    expect(Date.parse(turn.deadline)).toBe(Date.parse('2026-01-01T00:01:00Z'));
    expect(deliveries().filter((d) => d.body.type === 'REMATCH_OFFERED').map((d) => d.to).sort()).toEqual([1, 2]); // Ann offered
    expect(deliveries().filter((d) => d.body.type === 'RESIGNED' && d.to === 0).map((d) => d.body.seat).sort()).toEqual([0, 1, 2]);
  });
});
