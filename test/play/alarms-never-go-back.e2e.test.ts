/**
 * Local timers (services/clocks/local-timers.ts) at a restart: `recover()` reads every game's
 * stored alarms while a commit may already arm newer ones (a late timer firing at once). The copy
 * recover read is then older than what is armed, and must not replace it: the current deadline's
 * alarm would be cancelled and the seat never timed out. Real server and embedded DynamoDB; the
 * read is held after DynamoDB answered it, so the race happens every run.
 */
import { describe, expect, it } from 'vitest';
import { LocalTimers, type AlarmClock } from '../../services/clocks/local-timers.js';
import type { Timer } from '../../services/clocks/timer.js';
import { replayCommits } from '../../services/app/replay.js';
import { findGame } from '../../services/engine/registry.js';
import { DynamoEventStore, ensureTable } from '../../services/store/index.js';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });
const STATE = 'query($id: ID!) { game(id: $id) { version legalMoves } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

describe('a timer restart never arms an older copy over a newer deadline', () => {
  it('alarms recover() read before a newer commit armed its own do not replace them (the armed-version guard)', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT5S' }, autoAdvance: false, seed: 'x07' }, [ann!, bob!]);
    await server.play.settle();
    clock.lag(1_000);
    const opening = (await server.gql(STATE, { id }, ann!.token)).data.game;
    expect((await server.gql(MOVE, { id, m: opening.legalMoves[0] }, ann!.token)).errors).toBeUndefined();
    await server.play.settle();
    const history = await new DynamoEventStore({ client: server.client, tableName: 'parlor' }).history(id);
    const [older, newer] = (await replayCommits({ history: async () => history }, id, [history.at(-2)!.version, history.at(-1)!.version], findGame)).map((r) => r.agg);

    // The alarms each armed timer would fire, by version: what is armed now.
    const armed = new Map<number, number>(); // alarm id → the version of its timer
    let nextAlarm = 0;
    let firing: Timer | null = null;
    const recording: AlarmClock = {
      now: () => clock.now(),
      at: (_at, fire) => {
        const alarm = nextAlarm++;
        // `fire` closes over its timer: calling it once here hands that timer to the callback below, which only writes it down.
        firing = null;
        fire();
        armed.set(alarm, (firing as Timer | null)?.version ?? -1);
        return () => armed.delete(alarm);
      },
    };

    const table = 'timers-restart';
    await ensureTable(server.client, table);
    // The previous process stored the older commit's alarms.
    await new LocalTimers(server.client, table, recording, async (t) => void (firing = t)).sync(older!);

    // The restarted process: its read of the stored alarms answers, but is held until the newer commit armed its own.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = () => {};
    const readAnswered = new Promise<void>((resolve) => (answered = resolve));
    let holding = true;
    server.client.middlewareStack.add(
      (next) => async (args) => {
        const out = await next(args);
        const input = (args as { input?: { TableName?: string; KeyConditionExpression?: string } }).input;
        if (holding && input?.TableName === table && input.KeyConditionExpression) {
          answered();
          await held;
        }
        return out;
      },
      { step: 'initialize', name: 'holdTimersRead' },
    );
    armed.clear();
    const restarted = new LocalTimers(server.client, table, recording, async (t) => void (firing = t));
    const recovering = restarted.recover();
    await readAnswered; // DynamoDB answered with the older copy; recover() has not armed it yet
    await restarted.sync(newer!);
    expect(new Set(armed.values()), 'the newer commit armed its alarms').toEqual(new Set([newer!.version]));
    holding = false;
    release();
    expect(await recovering).toBe(1);
    server.client.middlewareStack.remove('holdTimersRead');
    expect(new Set(armed.values()), 'still only the newer commit’s alarms').toEqual(new Set([newer!.version]));
  });
});
