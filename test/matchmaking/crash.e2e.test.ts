/**
 * Matchmaking survives kill -9. The real `npm start` runs as a child process, made to kill -9 itself
 * right after the next append is stored (PARLOR_CRASH_AFTER_APPEND), and starts again on the same
 * DATA_DIR. The two cases share one server and data folder (one start fewer than a folder each,
 * ~3 s of CPU): each arms its own crash, with players of its own.
 *
 * A seek's filling: Ann opens a seek and Bob takes its last seat; the kill comes right after the
 * seek's game is stored (the filling appended, the game there, nobody told). After the restart the
 * seek reads filled, naming that game, both players find it among their games and each hears
 * GAME_STARTED of it (the restarted server finishes the seek's follow-up): not lost, left open, nor
 * made twice.
 *
 * A quick-play pairing: two players enter one pool, and the pairing the second entry starts (claim
 * both entries, create their game, seat each entry) is cut off right after the game's creation is
 * stored: the worst moment, the game exists and neither entry knows it. After the restart each
 * player is seated in that one game: not lost, not paired twice. (The wait is bounded past
 * STALE_CLAIM_MS, when a claim lapses and its entries could be paired again: a second game would
 * show then.)
 */
import { describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS } from '../../services/matchmaking/store.js';
import { useCrashServer } from '../kit/crash-server.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const INBOX = 'query { me { games(first: 50) { edges { node { gameId } } } } }';

const receiver = useReceiver();
// Webhooks to the loopback receiver (the seek's GAME_STARTED); a pairing beat every second (the pool).
const server = useCrashServer('parlor-match-crash-', { WEBHOOK_PRIVATE_ADDRESSES: 'allow', MATCH_TICK_SECONDS: '1' });
const kit = () => server.kit();
let started = false;
/** The server, started by whichever case runs first (either can run alone). */
const up = async () => {
  if (!started) await server.start();
  started = true;
};
const games = async (p: Registered) => (await server.gql(INBOX, {}, p.token)).data.me.games.edges.map((e: any) => e.node.gameId as string);

describe('kill -9 while a seek fills', () => {
  const seek = async (id: string) => (await server.gql('query($id: ID!) { seek(id: $id) { status gameId players { name } } }', { id })).data.seek;

  it('after a restart the seek is filled, naming the one game created before the kill, and both players sit in it', async () => {
    await up();
    const [ann, bob] = [await registerPlayer(kit(), 'Ann'), await registerPlayer(kit(), 'Bob')];
    for (const [p, name] of [[ann, 'ann'], [bob, 'bob']] as const) {
      expect((await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [GAME_STARTED]) { id } }', { u: `${receiver.url}/${name}` }, p.token)).errors).toBeUndefined();
    }
    const id = (await server.gql('mutation($i: SeekInput!) { openSeek(input: $i) { id } }', { i: { game: 'scout', seats: 2 } }, ann.token)).data.openSeek.id as string;
    // The next game append, the seek's game, is the last this process makes; the answer dies with the server.
    await server.crashDuring(() => server.gql('mutation($id: ID!) { acceptSeek(id: $id) { status } }', { id }, bob.token));
    const filled = await seek(id);
    expect(filled.status, 'the seek is not left open').toBe('FILLED');
    expect(filled.players.map((p: { name: string }) => p.name)).toEqual(['Ann', 'Bob']);
    const players = (await server.gql('query($id: ID!) { game(id: $id) { players { name } } }', { id: filled.gameId })).data.game.players.map((p: { name: string }) => p.name);
    expect(players).toEqual(['Ann', 'Bob']);
    // Each player's own games: that one only.
    await until(async () => (await games(ann)).length > 0 && (await games(bob)).length > 0, 30_000);
    expect(await games(ann)).toEqual([filled.gameId]);
    expect(await games(bob)).toEqual([filled.gameId]);
    // Each hears GAME_STARTED of that game: nobody was told before the kill.
    const heard = (name: string) => receiver.received.filter((d) => d.path === `/hook/${name}` && JSON.parse(d.body).type === 'GAME_STARTED' && JSON.parse(d.body).gameId === filled.gameId);
    await until(() => heard('ann').length > 0 && heard('bob').length > 0, 30_000);
    // Bob asking again (his answer was lost) is told the same filled seek.
    const again = (await server.gql('mutation($id: ID!) { acceptSeek(id: $id) { status gameId } }', { id }, bob.token)).data.acceptSeek;
    expect(again).toEqual({ status: 'FILLED', gameId: filled.gameId });
  }, 120_000);
});

describe('kill -9 during a quick-play pairing', () => {
  const INPUT = { game: 'scout', seats: 2 };
  const playNow = (p: Registered) => server.gql('mutation($i: QuickPlayInput!) { playNow(input: $i) { gameId } }', { i: INPUT }, p.token);
  const status = async (p: Registered) => (await server.gql('query($i: QuickPlayInput!) { quickPlay(input: $i) { gameId } }', { i: INPUT }, p.token)).data.quickPlay?.gameId as string | null;

  it('after a restart the two players are seated in the one game created before the kill, and in no other', async () => {
    await up();
    const [cat, dan] = [await registerPlayer(kit(), 'Cat'), await registerPlayer(kit(), 'Dan')];
    expect((await playNow(cat)).data.playNow.gameId).toBeNull(); // alone in the pool: waiting
    // The next append, the pairing's game, is the last this process makes; the answer dies with the server.
    await server.crashDuring(() => playNow(dan));
    // Seated by a status read or the pairing beat; bounded past the claims' lapse, so a pairing made twice would show.
    await until(async () => (await status(cat)) !== null && (await status(dan)) !== null, STALE_CLAIM_MS + 30_000);
    const gameId = await status(cat);
    expect(await status(dan), 'both in one game').toBe(gameId);
    const players = (await server.gql('query($id: ID!) { game(id: $id) { players { name } } }', { id: gameId })).data.game.players.map((p: { name: string }) => p.name);
    expect(players.sort()).toEqual(['Cat', 'Dan']);
    // Each player's own games: that one only (the inbox is the reactions' view of every game a player sits in).
    await until(async () => (await games(cat)).length > 0 && (await games(dan)).length > 0, 30_000);
    expect(await games(cat)).toEqual([gameId]);
    expect(await games(dan)).toEqual([gameId]);
  }, 240_000);
});
