/**
 * A quick-play pairing survives kill -9. The real `npm start` runs as a child process; two
 * players enter one pool, and the pairing the second entry starts (claim both entries, create
 * their game, seat each entry) is cut off by a kill -9 right after the game's creation is stored
 * (PARLOR_CRASH_AFTER_APPEND): the worst moment, the game exists and neither entry knows it. After
 * a restart on the same DATA_DIR each player is seated in that one game: not lost, not paired
 * twice. (The wait is bounded past STALE_CLAIM_MS, when a claim lapses and its entries could be
 * paired again: a second game would show then.)
 */
import { describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS } from '../../services/matchmaking/store.js';
import { useCrashServer } from '../kit/crash-server.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { until } from '../kit/webhook-receiver.js';

const INPUT = { game: 'scout', seats: 2 };
const INBOX = 'query { me { games(first: 50) { edges { node { gameId } } } } }';

const server = useCrashServer('parlor-pairing-', { MATCH_TICK_SECONDS: '1' });
const kit = () => server.kit();
const playNow = (p: Registered) => server.gql('mutation($i: QuickPlayInput!) { playNow(input: $i) { gameId } }', { i: INPUT }, p.token);
const status = async (p: Registered) => (await server.gql('query($i: QuickPlayInput!) { quickPlay(input: $i) { gameId } }', { i: INPUT }, p.token)).data.quickPlay?.gameId as string | null;
const games = async (p: Registered) => (await server.gql(INBOX, {}, p.token)).data.me.games.edges.map((e: any) => e.node.gameId as string);

describe('kill -9 during a quick-play pairing', () => {
  it('after a restart the two players are seated in the one game created before the kill, and in no other', async () => {
    await server.start();
    const [ann, bob] = [await registerPlayer(kit(), 'Ann'), await registerPlayer(kit(), 'Bob')];
    expect((await playNow(ann)).data.playNow.gameId).toBeNull(); // alone in the pool: waiting
    // The next append, the pairing's game, is the last this process makes; the answer dies with the server.
    await server.crashDuring(() => playNow(bob));
    // Seated by a status read or the pairing beat; bounded past the claims' lapse, so a pairing made twice would show.
    await until(async () => (await status(ann)) !== null && (await status(bob)) !== null, STALE_CLAIM_MS + 30_000);
    const gameId = await status(ann);
    expect(await status(bob), 'both in one game').toBe(gameId);
    const players = (await server.gql('query($id: ID!) { game(id: $id) { players { name } } }', { id: gameId })).data.game.players.map((p: { name: string }) => p.name);
    expect(players.sort()).toEqual(['Ann', 'Bob']);
    // Each player's own games: that one only (the inbox is the reactions' view of every game a player sits in).
    await until(async () => (await games(ann)).length > 0 && (await games(bob)).length > 0, 30_000);
    expect(await games(ann)).toEqual([gameId]);
    expect(await games(bob)).toEqual([gameId]);
  }, 240_000);
});
