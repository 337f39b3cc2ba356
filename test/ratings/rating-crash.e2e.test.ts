/**
 * A rated game is rated exactly once across kill -9. The real `npm start` runs as a child; it is
 * made to kill itself right after the append that ends a rated game (the PARLOR_CRASH_AFTER_APPEND
 * fault, armed for a `GameEnded`), before the ratings reaction reads it, then started again on the
 * same DATA_DIR. Its reactions' checkpoints are saved every ~17 minutes here (at once at a clean
 * stop), so the restart delivers every commit again, the end of a game rated before the kill among them.
 *
 * After the restart: the game cut short is rated (the commit was kept, its reaction was not lost),
 * and neither game is rated twice (the ledger's repeat check: ratings/ledger.ts rateOnce).
 * Each game is one registered player against a bot: the player moves, then resigns, and bots play
 * the game to its end, so the end is the server's own commit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCrashServer } from '../kit/crash-server.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { until } from '../kit/webhook-receiver.js';

const server = useCrashServer('parlor-rating-crash-', { REACTIONS_CHECKPOINT_MS: '999999' });
const kit = () => server.kit();
const STATE = 'query($id: ID!) { game(id: $id) { seat rated status { toMove over } legalMoves } }';
/** What the waits poll: whose turn it is alone (the legal moves are read once the wait is over). */
const TURN = 'query($id: ID!) { game(id: $id) { seat status { toMove over } } }';
const MINE = '{ me { ratings { game games history(first: 50) { edges { node { gameId } } } } } }';
/** A rated game needs this many moves of the player's own (app/rated.ts). */
const OWN_MOVES = 3;

const state = async (id: string, token: string) => (await server.gql(STATE, { id }, token)).data.game;
/** The rated games in `p`'s SCOUT history, one id per entry. */
const ratedIds = async (p: Registered): Promise<string[]> => ((await server.gql(MINE, {}, p.token)).data.me.ratings.find((r: { game: string }) => r.game === 'scout')?.history.edges ?? []).map((e: { node: { gameId: string } }) => e.node.gameId);

/** A rated SCOUT game of `p` against a random bot: `p` makes its own moves, then resigns (armed: the kill comes with the game's end). */
async function playAndResign(p: Registered, armed: boolean): Promise<string> {
  const id = await createAndJoin(kit(), { game: 'scout', seats: 2, rated: true, bots: [{ seat: 1, kind: 'random' }] }, [p]);
  expect((await state(id, p.token)).rated).toBe(true);
  for (let moved = 0; moved < OWN_MOVES; moved++) {
    await until(async () => {
      const turn = (await server.gql(TURN, { id }, p.token)).data.game;
      return turn.status.over || turn.status.toMove.includes(turn.seat);
    }, 60_000);
    const g = await state(id, p.token); // the bot cannot move again before the player does
    expect(g.status.over, 'the game lasts the player’s own moves').toBe(false);
    expect((await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: g.legalMoves[0] }, p.token)).errors).toBeUndefined();
  }
  // The next append carrying GameEnded (a bot's last move, after the resignation) is the process's last.
  if (armed) writeFileSync(join(server.dataDir, 'crash-armed'), 'GameEnded');
  const resigned = server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, p.token);
  // Armed, the answer may die with the server (the bots' moves follow the resignation at once).
  if (!armed) expect((await resigned).errors).toBeUndefined();
  else await resigned.catch(() => null);
  return id;
}

describe('kill -9 between the commit that ends a rated game and its rating', () => {
  it('the game is rated after the restart, once; a game rated before the kill is not rated again', async () => {
    await server.start();
    const [ann, bea] = [await registerPlayer(kit(), 'Ann'), await registerPlayer(kit(), 'Bea')];
    const before = await playAndResign(ann, false);
    await until(async () => (await ratedIds(ann)).includes(before), 60_000);

    const cut = await playAndResign(bea, true);
    expect(await server.current.exited, 'the server killed itself after the game’s last append').toBe(null);
    await server.start();

    expect((await state(cut, bea.token)).status.over, 'the ending commit was kept').toBe(true);
    await until(async () => (await ratedIds(bea)).includes(cut), 60_000);
    expect(await ratedIds(bea)).toEqual([cut]);
    expect(await ratedIds(ann)).toEqual([before]);
    const mine = async (p: Registered) => (await server.gql(MINE, {}, p.token)).data.me.ratings.find((r: { game: string }) => r.game === 'scout').games;
    expect([await mine(ann), await mine(bea)]).toEqual([1, 1]);
  }, 240_000);
});
