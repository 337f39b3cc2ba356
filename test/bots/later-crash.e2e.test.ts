/**
 * The bot queue's "left for later" path survives kill -9. The real `npm start` runs as a child
 * process with room for one game waiting for a bot (BOT_QUEUE=1, one worker) and checkpoints saved
 * at once (REACTIONS_CHECKPOINT_MS=1, so a commit the reactions called done is past the checkpoint
 * before the kill). A burst of human moves makes a bot move due in every game: one is decided, one
 * waits, the rest are refused with `Later` and must stay below the server-moves checkpoint. The
 * server kills itself right after the next append (a bot's move: PARLOR_CRASH_AFTER_APPEND) and
 * starts again on the same DATA_DIR: every bot move owed is made, none twice.
 */
import { describe, expect, it } from 'vitest';
import { useCrashServer } from '../kit/crash-server.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { until } from '../kit/webhook-receiver.js';

const GAMES = 6;
const STATE = 'query($id: ID!) { game(id: $id) { version seat status { toMove over } legalMoves history { version seat by events } } }';
/** What the waits poll: the status alone (the whole state, history and legal moves, is read once the wait is over). */
const STATUS = 'query($id: ID!) { game(id: $id) { status { toMove over } } }';

const server = useCrashServer('parlor-later-', { BOT_QUEUE: '1', BOT_WORKERS: '1', REACTIONS_CHECKPOINT_MS: '1' });
const kit = () => server.kit();
const state = async (id: string, token: string) => (await server.gql(STATE, { id }, token)).data.game;

/** The bot (seat 0) owes nothing: the game awaits only the human, or is over (bounded wait for the server's moves). */
async function botDone(id: string, human: Registered): Promise<any> {
  await until(async () => {
    const { status } = (await server.gql(STATUS, { id }, human.token)).data.game;
    return status.over || !status.toMove.includes(0);
  }, 60_000);
  return state(id, human.token); // the bot cannot move again before the human does
}

const submit = (id: string, m: unknown, token: string) => server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m }, token);

/** The human's turn in the play phase, with a move that hands the turn to the bot (a show or a scout, not the rotation or a Scout & Show). */
async function handOverReady(id: string, human: Registered): Promise<unknown> {
  for (;;) {
    const g = await botDone(id, human);
    const handover = g.legalMoves.find((m: { type: string }) => m.type === 'show' || m.type === 'scout');
    if (handover) return handover;
    expect((await submit(id, g.legalMoves[0], human.token)).errors).toBeUndefined();
  }
}

describe('kill -9 with bot moves left for later', () => {
  it('after a restart every bot move owed is made, and none twice', async () => {
    await server.start();
    const humans = await Promise.all(Array.from({ length: GAMES }, (_, i) => registerPlayer(kit(), `Lea${i}`)));
    // search:3 takes tens of milliseconds a decision: the burst below outruns the one worker.
    const games = await Promise.all(humans.map((h) => createAndJoin(kit(), { game: 'scout', seats: 2, bots: [{ seat: 0, kind: 'search:3' }] }, [h])));
    const handovers = await Promise.all(games.map((id, i) => handOverReady(id, humans[i]!)));

    // Every human moves at once; each answer means its commit is stored and handed to the reactions.
    const moved = await Promise.all(games.map((id, i) => submit(id, handovers[i], humans[i]!.token)));
    expect(moved.every((r) => r.errors === undefined)).toBe(true);
    const burst = moved.map((r) => r.data.submitMove.game.version as number);
    const owedAtKill = (await Promise.all(games.map((id, i) => state(id, humans[i]!.token)))).filter((g) => !g.status.over && g.status.toMove.includes(0)).length;
    expect(owedAtKill, 'bot moves were still owed when the kill was armed').toBeGreaterThan(2); // more than the one decided and the one waiting
    await server.crashDuring(); // the next append (a bot's move) is the last this process makes
    for (const [i, id] of games.entries()) {
      const g = await botDone(id, humans[i]!); // throws if a game stays with the bot to move
      const after = g.history.filter((h: any) => h.version > burst[i]!);
      // Since the human's move only the bot moved, one commit per version, until it owed nothing.
      expect(after.every((h: any) => h.seat === 0 && String(h.by).startsWith('bot:')), `game ${i}: only the bot moved`).toBe(true);
      expect(after.map((h: any) => h.version), `game ${i}: one commit per version`).toEqual(after.map((_: unknown, k: number) => burst[i]! + 1 + k));
    }
  }, 300_000);
});
