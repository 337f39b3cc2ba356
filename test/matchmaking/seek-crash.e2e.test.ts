/**
 * A seek's filling survives kill -9. The real `npm start` runs as a child process; Ann opens a
 * seek and Bob takes its last seat, and the server is killed right after the seek's game is
 * stored (PARLOR_CRASH_AFTER_APPEND): the seek's filling is appended, the game exists, nobody has
 * been told. After a restart on the same DATA_DIR the seek reads filled, naming that game, both
 * players find it among their games and each hears GAME_STARTED of it (the restarted server
 * finishes the seek's follow-up): the pairing is not lost, left open, nor made twice.
 */
import { describe, expect, it } from 'vitest';
import { useCrashServer } from '../kit/crash-server.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const INBOX = 'query { me { games(first: 50) { edges { node { gameId } } } } }';

const receiver = useReceiver();
const server = useCrashServer('parlor-seek-', { WEBHOOK_PRIVATE_ADDRESSES: 'allow' });
const kit = () => server.kit();
const games = async (p: Registered) => (await server.gql(INBOX, {}, p.token)).data.me.games.edges.map((e: any) => e.node.gameId as string);
const seek = async (id: string) => (await server.gql('query($id: ID!) { seek(id: $id) { status gameId players { name } } }', { id })).data.seek;

describe('kill -9 while a seek fills', () => {
  it('after a restart the seek is filled, naming the one game created before the kill, and both players sit in it', async () => {
    await server.start();
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
    const started = (name: string) => receiver.received.filter((d) => d.path === `/hook/${name}` && JSON.parse(d.body).type === 'GAME_STARTED' && JSON.parse(d.body).gameId === filled.gameId);
    await until(() => started('ann').length > 0 && started('bob').length > 0, 30_000);
    // Bob asking again (his answer was lost) is told the same filled seek.
    const again = (await server.gql('mutation($id: ID!) { acceptSeek(id: $id) { status gameId } }', { id }, bob.token)).data.acceptSeek;
    expect(again).toEqual({ status: 'FILLED', gameId: filled.gameId });
  }, 120_000);
});
