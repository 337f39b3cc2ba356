/**
 * The app's small-aggregate runner (tournaments and seeks stand on it): commands that race on one
 * stream all land, each decided on the state it was appended to; a snapshot rides on every
 * SNAPSHOT_EVERY-th commit; a race lost too often is VERSION_CONFLICT; a follow-up cut off after
 * its append is finished by `resume`, and one that keeps failing is tried ever less often, then
 * given up on (a dead mark an operator can find). A tally aggregate on the real DynamoDB API keeps the test
 * about the runner alone.
 */
import { describe, expect, it } from 'vitest';
import { AggregateRunner, FOLLOW_UP_ATTEMPTS, followUpBackoffMs, MAX_RETRIES, type AggregateRules, type FollowUp } from '../../services/app/aggregate-runner.js';
import { DEAD_MARK_TTL_S, PendingSeeks } from '../../services/matchmaking/store.js';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../services/store/document-client.js';
import { TTL_ATTRIBUTE } from '../../services/store/schema.js';
import { DynamoEventStore, SNAPSHOT_EVERY, type EventStore } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { until } from '../kit/webhook-receiver.js';

interface Tally {
  id: string;
  /** Each add's `seen`: the total it was decided on. */
  seen: number[];
}
type Add = { type: 'add' };
type Added = { type: 'Added'; seen: number };

const tally: AggregateRules<Tally, Add, Added> = {
  noun: 'tally',
  decide: (state) => [{ type: 'Added', seen: state?.seen.length ?? 0 }],
  fold: (events, id, from) => events.reduce((s, e) => ({ id, seen: [...s.seen, e.seen] }), from ?? { id, seen: [] }),
};

const ctx = useEmbeddedDynamo();
const streams = (): EventStore => new DynamoEventStore({ client: ctx.client, tableName: ctx.tableName, partition: (id) => `TALLY#${id}` });

describe('the aggregate runner', () => {
  it('commands racing on one stream all land, each decided on the state it was appended to', async () => {
    const runner = new AggregateRunner(streams(), tally);
    await runner.commit('race', null, 0, [{ type: 'Added', seen: 0 }]);
    await Promise.all(Array.from({ length: 6 }, () => runner.execute('race', () => ({ type: 'add' }))));
    const { state, version } = await runner.load('race');
    expect(version).toBe(7);
    expect(state.seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('writes a snapshot on every SNAPSHOT_EVERY-th version, and loads the same state through it', async () => {
    const store = streams();
    const committed: number[] = [];
    const runner = new AggregateRunner(store, tally, async (_id, _before, next) => void committed.push(next.seen.length));
    await runner.commit('snap', null, 0, [{ type: 'Added', seen: 0 }]);
    for (let i = 1; i < SNAPSHOT_EVERY + 2; i++) await runner.execute('snap', () => ({ type: 'add' }));
    const stream = await store.load('snap');
    expect(stream!.snapshot?.version).toBe(SNAPSHOT_EVERY);
    expect((await runner.load('snap')).state.seen).toEqual(Array.from({ length: SNAPSHOT_EVERY + 2 }, (_, i) => i));
    expect(committed).toEqual(Array.from({ length: SNAPSHOT_EVERY + 2 }, (_, i) => i + 1));
  });

  it('a race lost every time ends in VERSION_CONFLICT after MAX_RETRIES more tries; an unknown id is NOT_FOUND', async () => {
    const store = streams();
    const runner = new AggregateRunner(store, tally);
    await runner.commit('lost', null, 0, [{ type: 'Added', seen: 0 }]);
    // Another writer gets in before each of this one's appends.
    let tries = 0;
    const rival = new AggregateRunner(store, tally);
    const beaten: EventStore = {
      load: (id) => store.load(id),
      commitsAfter: (id, version) => store.commitsAfter(id, version),
      history: (id) => store.history(id),
      append: async (id, version, commit) => {
        tries++;
        await rival.execute(id, () => ({ type: 'add' }));
        return store.append(id, version, commit);
      },
    };
    const loser = new AggregateRunner(beaten, tally);
    await expect(loser.execute('lost', () => ({ type: 'add' }))).rejects.toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(tries).toBe(MAX_RETRIES + 1);
    await expect(runner.load('none')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a follow-up cut off after its append is left marked, and resume finishes it once', async () => {
    const done: string[] = [];
    let dies = true;
    const marks = new PendingSeeks(ctx.client, ctx.tableName, Date.now);
    // The work a tally of three asks for; the first try "dies" before doing it.
    const followUp: FollowUp<Tally> = {
      due: (before, next) => next.seen.length === 3 && (before?.seen.length ?? 0) < 3,
      run: async (id) => {
        if (dies) throw new Error('killed');
        done.push(id);
      },
      marks,
    };
    const runner = new AggregateRunner(streams(), tally, undefined, followUp);
    await runner.commit('three', null, 0, [{ type: 'Added', seen: 0 }]);
    await runner.execute('three', () => ({ type: 'add' }));
    await expect(runner.execute('three', () => ({ type: 'add' }))).rejects.toThrow('killed');
    expect((await runner.load('three')).state.seen).toHaveLength(3);
    expect((await marks.list()).map((m) => m.id)).toContain('three');
    dies = false;
    const log = { error: () => {} };
    expect(await runner.resume(log, 0)).toBe(1);
    expect(await runner.resume(log, 0)).toBe(0);
    expect(done).toEqual(['three']);
    expect((await marks.list()).map((m) => m.id)).not.toContain('three');
  });

  it('a follow-up that keeps failing waits longer after each try, and after FOLLOW_UP_ATTEMPTS is buried: logged, kept dead, tried no more', async () => {
    let runs = 0;
    const marks = new PendingSeeks(ctx.client, ctx.tableName, Date.now);
    const followUp: FollowUp<Tally> = {
      due: (before, next) => next.seen.length === 2 && (before?.seen.length ?? 0) < 2,
      run: async () => {
        runs++;
        throw new Error('the game service is down');
      },
      marks,
    };
    const runner = new AggregateRunner(streams(), tally, undefined, followUp);
    await runner.commit('doomed', null, 0, [{ type: 'Added', seen: 0 }]);
    await expect(runner.execute('doomed', () => ({ type: 'add' }))).rejects.toThrow('down');
    expect(runs).toBe(1); // the try right after the append
    const logged: string[] = [];
    const log = { error: (_d: object, m: string) => void logged.push(m) };
    let now = 1_000_000;
    for (let tries = 1; tries < FOLLOW_UP_ATTEMPTS; tries++) {
      await runner.resume(log, now);
      expect(runs, `try ${tries}`).toBe(1 + tries);
      expect((await marks.list()).find((m) => m.id === 'doomed')).toEqual({ id: 'doomed', attempts: tries, nextAt: now + followUpBackoffMs(tries), lastError: 'the game service is down' });
      // Not again before its wait is over.
      await runner.resume(log, now + followUpBackoffMs(tries) - 1);
      expect(runs).toBe(1 + tries);
      now += followUpBackoffMs(tries);
    }
    await runner.resume(log, now);
    expect(runs).toBe(1 + FOLLOW_UP_ATTEMPTS);
    expect((await marks.list()).map((m) => m.id)).not.toContain('doomed');
    expect((await marks.dead()).find((m) => m.id === 'doomed')).toEqual({ id: 'doomed', attempts: FOLLOW_UP_ATTEMPTS, at: now, error: 'the game service is down' });
    expect(logged.at(-1)).toContain('SEEKDEAD#');
    // It expires as long after as the log line that names it (DynamoDB's TTL removes it).
    const stored = ((await documentClient(ctx.client).send(new ScanCommand({ TableName: ctx.tableName }))).Items ?? []).filter((i) => String(i.pk).startsWith('SEEKDEAD#') && i.sk === 'doomed');
    expect(stored.map((i) => i[TTL_ATTRIBUTE])).toEqual([Math.floor(now / 1000) + DEAD_MARK_TTL_S]);
    // Buried: no later run tries it, however late.
    await runner.resume(log, now + 1e12);
    expect(runs).toBe(1 + FOLLOW_UP_ATTEMPTS);
  });

  it('a try that never comes back (its process killed, or hung) counts as a try: the mark is buried after FOLLOW_UP_ATTEMPTS of them', async () => {
    let runs = 0;
    const marks = new PendingSeeks(ctx.client, ctx.tableName, Date.now);
    const followUp: FollowUp<Tally> = {
      due: (before, next) => next.seen.length === 2 && (before?.seen.length ?? 0) < 2,
      // The first try fails after the append; every later one hangs (as a process killed mid-try would never answer).
      run: () => (++runs === 1 ? Promise.reject(new Error('killed')) : new Promise<void>(() => {})),
      marks,
    };
    const runner = new AggregateRunner(streams(), tally, undefined, followUp);
    await runner.commit('hangs', null, 0, [{ type: 'Added', seen: 0 }]);
    await expect(runner.execute('hangs', () => ({ type: 'add' }))).rejects.toThrow('killed');
    const log = { error: () => {} };
    const mark = async () => (await marks.list()).find((m) => m.id === 'hangs');
    let now = 1_000_000;
    for (let tries = 1; tries <= FOLLOW_UP_ATTEMPTS; tries++) {
      void runner.resume(log, now); // each as a new process would: the last one never came back
      await until(async () => (await mark())?.attempts === tries, 30_000);
      now += followUpBackoffMs(tries);
    }
    expect(runs).toBe(1 + FOLLOW_UP_ATTEMPTS);
    await runner.resume(log, now);
    expect(runs, 'no try beyond the limit').toBe(1 + FOLLOW_UP_ATTEMPTS);
    expect(await mark()).toBeUndefined();
    expect((await marks.dead()).find((m) => m.id === 'hangs')).toEqual({ id: 'hangs', attempts: FOLLOW_UP_ATTEMPTS, at: now, error: 'its last try never finished' });
  });
});
