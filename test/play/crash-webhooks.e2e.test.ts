/**
 * Webhooks survive kill -9. The real `npm start` kills itself right after a move's append is
 * stored and before any reaction runs (the PARLOR_CRASH_AFTER_APPEND fault), in a burst of moves
 * between registered players who each have a webhook, then starts again on the same DATA_DIR.
 * After the restart the player whose turn a stored move began has YOUR_TURN for that version: only
 * the restart's redelivery of that commit to the inbox (whose changes become the notices) can send
 * it, the server having died before any reaction ran. (A crash point after the inbox heard a change
 * and before it wrote the entry is not made here: test/play/webhook-left-pending covers an outbox
 * put whose send died.)
 */
import { describe, expect, it } from 'vitest';
import { useCrashServer } from '../kit/crash-server.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const GAMES = 4;
const STATE = 'query($id: ID!) { game(id: $id) { version seat status { toMove } legalMoves } }';

// The receiver is on loopback: the server is told to allow it.
const server = useCrashServer('parlor-crash-hooks-', { WEBHOOK_PRIVATE_ADDRESSES: 'allow' });
const receiver = useReceiver();
const state = async (id: string, token: string) => (await server.gql(STATE, { id }, token)).data.game;

/** The YOUR_TURN deliveries a player's hook received for one game (at one version, when given). */
const noticesOf = (p: Registered, gameId: string, version?: number) =>
  receiver.received.filter((r) => r.path === `/hook/${p.name}`).filter((r) => {
    const body = JSON.parse(r.body);
    return body.type === 'YOUR_TURN' && body.gameId === gameId && (version === undefined || body.version === version);
  });

interface Turn {
  p: Registered;
  version: number;
  move: unknown;
}

/** `p`'s seat in game `id`: the version and the first legal move (none when not to move). */
async function seatTurn(id: string, p: Registered): Promise<Turn> {
  const g = await state(id, p.token);
  return { p, version: g.version, move: g.status.toMove.includes(g.seat) ? g.legalMoves[0] : null };
}

/** The one player to move in a game between `pair`, at which version. */
async function turnOf(id: string, pair: readonly Registered[]): Promise<Turn> {
  const turns = (await Promise.all(pair.map((p) => seatTurn(id, p)))).filter((t) => t.move !== null);
  if (turns.length !== 1) throw new Error(`${turns.length} players to move in ${id}`);
  return turns[0]!;
}

describe('kill -9 between a move and its webhook', () => {
  it('after a restart the player whose turn a stored move began has YOUR_TURN for that version', async () => {
    await server.start();
    const pairs = await Promise.all(Array.from({ length: GAMES }, async (_, i) => [await registerPlayer(server.kit(), `Ada${i}`), await registerPlayer(server.kit(), `Bea${i}`)] as const));
    for (const p of pairs.flat()) {
      const added = await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: `${receiver.url}/${p.name}` }, p.token);
      expect(added.errors).toBeUndefined();
    }
    const games = await Promise.all(pairs.map((pair) => createAndJoin(server.kit(), { game: 'scout', seats: 2, autoAdvance: false }, [...pair])));
    const move = (id: string, t: Turn) =>
      server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: t.move }, t.p.token).catch(() => null);

    // SCOUT opens with both players choosing their hand's way up at once; past that, turns alternate.
    for (const [i, id] of games.entries()) for (const p of pairs[i]!) await move(id, await seatTurn(id, p));
    // Every game's sole mover has been told (at the version their turn began) before the crash.
    const before = await Promise.all(games.map((id, i) => turnOf(id, pairs[i]!)));
    await until(() => before.every((t, i) => noticesOf(t.p, games[i]!).length > 0), 15_000);

    // A move in every game; the first append is the server's last act.
    await server.crashDuring(() => games.map((id, i) => move(id, before[i]!)));

    const after = await Promise.all(games.map((id, i) => turnOf(id, pairs[i]!)));
    // A stored move that passed the turn: only the restart's redelivery of its commit can tell the next player.
    const passed = games.flatMap((id, i) => (after[i]!.version > before[i]!.version && after[i]!.p !== before[i]!.p ? [{ id, i, t: after[i]! }] : []));
    expect(passed.length, 'a move that passed the turn was stored before the kill').toBeGreaterThan(0);
    for (const { id, i, t } of passed) {
      await until(() => noticesOf(t.p, id, t.version).length > 0, 15_000).catch(() => {
        throw new Error(`${t.p.name} never heard it is their turn in game ${i} at version ${t.version}`);
      });
    }
  }, 120_000);
});
