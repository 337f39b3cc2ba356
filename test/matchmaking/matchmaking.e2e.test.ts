/**
 * Finding a game through a real server (issue 42): quick play seats two players in one game;
 * a seek accepted twice at once seats one; rating ranges are kept; seeks expire; limits hold;
 * the open-challenges list (GraphQL, its subscription, REST) and the GAME_STARTED webhook.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { subscribe, useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';
import { DEFAULT_TIMEOUT_BOT } from '../../services/bots/spec.js';
import { createLocalParlor } from '../../services/local.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';

const clock = new ManualClock();
const server = useServer({ clock, webhooks: { privateAddresses: true } });
const receiver = useReceiver();

const SEEK = 'id status gameId creator players { seat player name } expiresAt ratingRange { min max }';
const ENTRY = 'game seats rated bots rating gameId';
const openSeek = (p: Registered, input: Record<string, unknown>) => server.gql(`mutation($i: SeekInput!) { openSeek(input: $i) { ${SEEK} } }`, { i: input }, p.token);
const accept = (p: Registered, id: string) => server.gql(`mutation($id: ID!) { acceptSeek(id: $id) { ${SEEK} } }`, { id }, p.token);
const playNow = (p: Registered, input: Record<string, unknown>) => server.gql(`mutation($i: QuickPlayInput!) { playNow(input: $i) { ${ENTRY} } }`, { i: input }, p.token);
const gamePlayers = async (id: string) => (await server.gql('query($id: ID!) { game(id: $id) { players { seat name bot } status { phase } } }', { id })).data.game;

describe('quick play', () => {
  it("two players' Play now meet in one game, and each hears GAME_STARTED", async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const hook = await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [GAME_STARTED]) { id } }', { u: receiver.url }, bob.token);
    expect(hook.errors).toBeUndefined();
    const input = { game: 'scout', seats: 2, timeControl: { perMove: 'P1D' } };
    const first = await playNow(ann, input);
    expect(first.errors).toBeUndefined();
    expect(first.data.playNow.gameId).toBeNull(); // alone in the pool: waiting
    const second = await playNow(bob, input);
    const gameId = second.data.playNow.gameId as string;
    expect(gameId).toBeTruthy();
    const annNow = await server.gql(`query($i: QuickPlayInput!) { quickPlay(input: $i) { ${ENTRY} } }`, { i: input }, ann.token);
    expect(annNow.data.quickPlay.gameId).toBe(gameId);
    const game = await gamePlayers(gameId);
    expect(game.players.map((p: { name: string }) => p.name).sort()).toEqual(['Ann', 'Bob']);
    expect(game.players.every((p: { bot: string | null }) => p.bot === null)).toBe(true);
    await until(() => receiver.received.some((d) => JSON.parse(d.body).type === 'GAME_STARTED' && JSON.parse(d.body).gameId === gameId), 10_000);
  });

  it('a player who gave a seat to bots is seated with a bot after the wait, not before', async () => {
    const cy = await registerPlayer(server, 'Cy');
    const input = { game: 'seledyne', seats: 2, bots: 1 };
    expect((await playNow(cy, input)).data.playNow.gameId).toBeNull();
    clock.advance(30_000); // half the wait: the pool's beat runs, nothing happens
    await server.play.pairingIdle();
    const waiting = await server.gql(`query($i: QuickPlayInput!) { quickPlay(input: $i) { ${ENTRY} } }`, { i: input }, cy.token);
    expect(waiting.data.quickPlay.gameId).toBeNull();
    clock.advance(31_000);
    await server.play.pairingIdle();
    const seated = await server.gql(`query($i: QuickPlayInput!) { quickPlay(input: $i) { ${ENTRY} } }`, { i: input }, cy.token);
    const game = await gamePlayers(seated.data.quickPlay.gameId);
    expect(game.players.map((p: { bot: string | null }) => p.bot)).toEqual([null, "greedy"]);
  });
});

describe('seeks', () => {
  it('lists an open seek (GraphQL, REST, subscription) and starts the game when full', async () => {
    const [dee, eve] = [await registerPlayer(server, 'Dee'), await registerPlayer(server, 'Eve')];
    const changes = subscribe(server.ws(), `subscription { seekChanged(game: "scout") { ${SEEK} } }`, {});
    // Until the subscription is live, a probe seek opened and cancelled goes unheard: probe until one is heard.
    for (let i = 0; i < 50 && changes.messages.length === 0; i++) {
      const probe = (await openSeek(dee, { game: 'scout', seats: 2 })).data.openSeek.id;
      await server.gql('mutation($id: ID!) { cancelSeek(id: $id) { status } }', { id: probe }, dee.token);
    }
    await changes.until(1);
    const heard = () => changes.messages.filter((m) => m.data.seekChanged.id === id);
    const opened = await openSeek(dee, { game: 'scout', seats: 2, rated: false });
    expect(opened.errors).toBeUndefined();
    const id = opened.data.openSeek.id as string;
    const listed = await server.gql(`query { openSeeks(game: "scout") { ${SEEK} } }`);
    expect(listed.data.openSeeks.map((s: { id: string }) => s.id)).toContain(id);
    const rest = await server.rest('GET', '/v1/seeks?game=scout');
    expect(rest.status).toBe(200);
    expect(rest.body.map((s: { id: string }) => s.id)).toContain(id);
    const taken = await server.rest('POST', `/v1/seeks/${id}/accept`, undefined, eve.token);
    expect(taken.status).toBe(200);
    expect(taken.body.status).toBe('FILLED');
    const game = await gamePlayers(taken.body.gameId);
    expect(game.players.map((p: { name: string }) => p.name)).toEqual(['Dee', 'Eve']);
    expect((await server.gql(`query { openSeeks { ${SEEK} } }`)).data.openSeeks.map((s: { id: string }) => s.id)).not.toContain(id);
    await until(() => heard().length === 2);
    expect(heard().map((m) => m.data.seekChanged.status)).toEqual(['OPEN', 'FILLED']);
  });

  it('a seek accepted twice at once seats one', async () => {
    const [fay, gus, hal] = [await registerPlayer(server, 'Fay'), await registerPlayer(server, 'Gus'), await registerPlayer(server, 'Hal')];
    const id = (await openSeek(fay, { game: 'scout', seats: 2 })).data.openSeek.id;
    const answers = await Promise.all([accept(gus, id), accept(hal, id)]);
    const won = answers.filter((a) => !a.errors);
    const lost = answers.filter((a) => a.errors);
    expect(won).toHaveLength(1);
    expect(lost.map((a) => a.errors![0]!.extensions?.code)).toEqual(['SEEK_CLOSED']);
    const seek = (await server.gql(`query($id: ID!) { seek(id: $id) { ${SEEK} } }`, { id })).data.seek;
    expect(seek.players).toHaveLength(2);
    const game = await gamePlayers(seek.gameId);
    expect(game.players.map((p: { name: string }) => p.name)).toEqual(['Fay', won[0]!.data.acceptSeek.players[1].name]);
  });

  it("keeps its rating range: an accepter outside it is refused, one inside is seated", async () => {
    const [ida, jo] = [await registerPlayer(server, 'Ida'), await registerPlayer(server, 'Jo')];
    // A new player's conservative rating is 0 (μ 25, σ 25/3).
    const high = (await openSeek(ida, { game: 'scout', seats: 2, ratingRange: { min: 5 } })).data.openSeek.id;
    const refused = await accept(jo, high);
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATING_OUT_OF_RANGE');
    const near = (await openSeek(ida, { game: 'scout', seats: 2, ratingRange: { min: -5, max: 5 } })).data.openSeek.id;
    expect((await accept(jo, near)).data.acceptSeek.status).toBe('FILLED');
  });

  it('expires: gone from the list, refused when accepted, closed as EXPIRED', async () => {
    const [kim, lou] = [await registerPlayer(server, 'Kim'), await registerPlayer(server, 'Lou')];
    const id = (await openSeek(kim, { game: 'scout', seats: 2, minutes: 1 })).data.openSeek.id;
    clock.advance(60_000);
    expect((await server.gql(`query { openSeeks { ${SEEK} } }`)).data.openSeeks.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await accept(lou, id)).errors?.[0]?.extensions?.code).toBe('SEEK_CLOSED');
    expect((await server.gql(`query($id: ID!) { seek(id: $id) { status } }`, { id })).data.seek.status).toBe('EXPIRED');
  });

  it('a player holds at most seeksPerPlayer open seeks; a closed one frees its place', async () => {
    const max = await registerPlayer(server, 'Max');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await openSeek(max, { game: 'scout', seats: 2 })).data.openSeek.id);
    expect((await openSeek(max, { game: 'scout', seats: 2 })).errors?.[0]?.extensions?.code).toBe('MATCH_LIMIT');
    await server.gql('mutation($id: ID!) { cancelSeek(id: $id) { status } }', { id: ids[0] }, max.token);
    expect((await openSeek(max, { game: 'scout', seats: 2 })).errors).toBeUndefined();
  });
});

describe('challenge by name', () => {
  it('a player: a seek only they may accept, in their mySeeks; a bot: the game starts at once', async () => {
    const [ned, oz, pat] = [await registerPlayer(server, 'Ned'), await registerPlayer(server, 'Oz'), await registerPlayer(server, 'Pat')];
    const sent = await server.rest('POST', `/v1/players/${oz.id}/challenge`, { game: 'scout', seats: 2 }, ned.token);
    expect(sent.status).toBe(200);
    expect((await server.gql(`query { openSeeks { ${SEEK} } }`)).data.openSeeks.map((s: { id: string }) => s.id)).not.toContain(sent.body.id);
    expect((await server.gql(`query { mySeeks { ${SEEK} } }`, {}, oz.token)).data.mySeeks.map((s: { id: string }) => s.id)).toEqual([sent.body.id]);
    expect((await accept(pat, sent.body.id)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const filled = (await accept(oz, sent.body.id)).data.acceptSeek;
    expect(filled.status).toBe('FILLED');
    // The server's matchSettings name no timeoutBot: the game names none, and the default plays a seat its player leaves.
    expect((await server.gql('query($id: ID!) { game(id: $id) { timeoutBot } }', { id: filled.gameId })).data.game.timeoutBot).toBe(DEFAULT_TIMEOUT_BOT);
    expect((await server.service.load(filled.gameId)).app.settings.timeoutBot).toBeUndefined();

    const bot = await server.gql('mutation { challengeBot(input: { game: "scout", bot: "greedy" }) }', {}, ned.token);
    expect(bot.errors).toBeUndefined();
    const game = await gamePlayers(bot.data.challengeBot);
    expect(game.players.map((p: { bot: string | null }) => p.bot)).toEqual([null, "greedy"]);
  });
});

describe('matchSettings.timeoutBot (the bot a matched game names for a seat its player leaves)', () => {
  // Set, it is written in each matched game's settings (test/ratings/linked-seats.e2e.test.ts plays with it); a bot not known is refused at start.
  it('an unknown bot is refused when the server starts', async () => {
    await expect(createLocalParlor({ client: null as never, tableName: 'parlor', matchSettings: { ...MATCH_SETTINGS, timeoutBot: 'oracle:9' } })).rejects.toThrow('matchSettings.timeoutBot: unknown bot "oracle:9"');
  });
});
