/**
 * Reactions as consumers of the change feed (services/app/reactions.ts) over embedded DynamoDB:
 * a "crash" is a process that stops without saving its checkpoints; its successor on the same
 * table is a fresh feed, store, service and reactions, and `recover` must hand each reaction
 * exactly the commits it had not finished.
 */
import { describe, expect, it } from 'vitest';
import { Reactions, type Reaction } from '../../services/app/reactions.js';
import { replayCommits } from '../../services/app/replay.js';
import { ParlorService } from '../../services/app/service.js';
import { findGame } from '../../services/engine/registry.js';
import { DynamoChangeFeed, DynamoEventStore, ensureTable } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const quiet = { error: () => {} };
let table = 0;

/** One process: a feed, a store writing into it, the service and its reactions. */
async function boot(tableName: string, reactions: Reaction[], checkpointMs = 3_600_000, retries: number[] = []) {
  const feed = new DynamoChangeFeed(db.client, tableName);
  await feed.start();
  const store = new DynamoEventStore({ client: db.client, tableName, feed });
  const service = new ParlorService({ store, log: quiet });
  const r = new Reactions({ feed, log: quiet, checkpointMs, retries, replay: (id, versions) => replayCommits(store, id, versions, findGame) });
  for (const reaction of reactions) r.add(reaction);
  service.onCommit((agg, commit) => r.deliver(agg, commit));
  return { feed, store, service, reactions: r };
}

/** A reaction that writes down what it was handed ("gameId@version"); `hold` keeps it from finishing. */
function recorder(name: string, options: { background?: boolean; hold?: Promise<void> } = {}) {
  const seen: string[] = [];
  const reaction: Reaction = { name, background: options.background, apply: async (agg, commit) => (seen.push(`${agg.id}@${commit.version}`), options.hold) };
  return { reaction, seen };
}

async function freshTable(): Promise<string> {
  const name = `reactions-${table++}`;
  await ensureTable(db.client, name);
  return name;
}

describe('reactions resume from their checkpoints', () => {
  it('after a crash, a commit is delivered again to each reaction that had not finished it, and to no other', async () => {
    const name = await freshTable();
    const fast = recorder('fast');
    const stuck = recorder('stuck', { background: true, hold: new Promise(() => {}) }); // still working when the process dies
    const first = await boot(name, [fast.reaction, stuck.reaction]);
    const game = await first.service.create({ game: 'scout', seats: 2 });
    await first.service.join(game.id, 'Ann');
    await first.reactions.saveCheckpoints(); // saves the checkpoints (then the process is "killed": nothing more runs)

    const fast2 = recorder('fast');
    const stuck2 = recorder('stuck');
    const second = await boot(name, [fast2.reaction, stuck2.reaction]);
    expect(await second.reactions.recover()).toBe(2);
    expect(fast2.seen, 'done before the crash: not again').toEqual([]);
    expect(stuck2.seen, 'cut short by the crash: again, in version order').toEqual([`${game.id}@1`, `${game.id}@2`]);
  });

  it('never checkpoints past an append still in flight: a commit acknowledged after the save is delivered again', async () => {
    const name = await freshTable();
    const a = recorder('a');
    const first = await boot(name, [a.reaction]);
    const game = await first.service.create({ game: 'scout', seats: 2 });
    const inFlight = first.feed.reserve(); // an append that has not answered yet
    await first.service.join(game.id, 'Ann');
    await first.reactions.saveCheckpoints();
    expect((await first.feed.readCheckpoints()).a, 'held below the open append').toBe(inFlight - 1);

    const a2 = recorder('a');
    const second = await boot(name, [a2.reaction]);
    await second.reactions.recover();
    expect(a2.seen).toEqual([`${game.id}@2`]);
    expect(second.feed.last, 'new positions start past every one taken').toBeGreaterThan(inFlight);
  });

  it('checkpoints saved while the restart delivers commits again do not skip the games still to come', async () => {
    const name = await freshTable();
    const stuck = recorder('a', { background: true, hold: new Promise(() => {}) });
    const first = await boot(name, [stuck.reaction]);
    const one = await first.service.create({ game: 'scout', seats: 2 }); // position 1
    const two = await first.service.create({ game: 'scout', seats: 2 }); // position 2
    await first.service.join(one.id, 'Ann'); // position 3: the first game's commits come first at the restart
    await first.reactions.saveCheckpoints();

    const seen: string[] = [];
    let savedWhenTwoCame = -1;
    // Slow enough that checkpoints are saved (every 1 ms here) while the first game is delivered again.
    const slow: Reaction = {
      name: 'a',
      apply: async (agg, commit) => {
        seen.push(`${agg.id}@${commit.version}`);
        if (agg.id === two.id) savedWhenTwoCame = (await second.feed.readCheckpoints()).a!;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const second = await boot(name, [slow], 1);
    expect(await second.reactions.recover()).toBe(3);
    expect(savedWhenTwoCame, 'a crash before the second game was delivered again would lose it').toBeLessThan(2);
    expect(seen.sort()).toEqual([`${one.id}@1`, `${one.id}@2`, `${two.id}@1`].sort());
  });

  it('a crash before any checkpoint was saved delivers every commit again, to every reaction, a new one too', async () => {
    const name = await freshTable();
    const first = await boot(name, [recorder('old').reaction]);
    const game = await first.service.create({ game: 'scout', seats: 2 });
    // killed within the first second: no checkpoint saved yet
    const old = recorder('old');
    const added = recorder('added');
    const second = await boot(name, [old.reaction, added.reaction]);
    await second.reactions.recover();
    expect(old.seen).toEqual([`${game.id}@1`]);
    expect(added.seen).toEqual([`${game.id}@1`]);
  });

  it('a graceful stop waits for the reactions under way, and leaves the commits made meanwhile to the next start', async () => {
    const name = await freshTable();
    let release = () => {};
    const slow = recorder('slow', { background: true, hold: new Promise<void>((resolve) => (release = resolve)) });
    const first = await boot(name, [slow.reaction]);
    const game = await first.service.create({ game: 'scout', seats: 2 }); // its reaction is under way
    let stopped = false;
    const stopping = first.reactions.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped, 'still waiting for the reaction under way').toBe(false);
    await first.service.join(game.id, 'Ann'); // committed while stopping (a bot's move, a late timer)
    release();
    await stopping;
    expect(slow.seen, 'the commit made while stopping is not handed over').toEqual([`${game.id}@1`]);

    const slow2 = recorder('slow');
    const second = await boot(name, [slow2.reaction]);
    await second.reactions.recover();
    expect(slow2.seen, 'the next start delivers it, and only it').toEqual([`${game.id}@2`]);
  });

  it('a reaction new in this build starts where the oldest other one stands, so it sees the commits another still had open', async () => {
    const name = await freshTable();
    const fast = recorder('fast');
    const stuck = recorder('stuck', { background: true, hold: new Promise(() => {}) }); // its checkpoint stays at 0
    const first = await boot(name, [fast.reaction, stuck.reaction]);
    const game = await first.service.create({ game: 'scout', seats: 2 });
    await first.service.join(game.id, 'Ann');
    await first.reactions.saveCheckpoints();
    expect((await first.feed.readCheckpoints()).fast, 'the fast one is past both commits').toBeGreaterThan(0);

    const added = recorder('added'); // deployed with the next build
    const second = await boot(name, [recorder('fast').reaction, recorder('stuck').reaction, added.reaction]);
    await second.reactions.recover();
    expect(added.seen, 'from the oldest checkpoint, not the newest').toEqual([`${game.id}@1`, `${game.id}@2`]);
  });
});

describe('a failed reaction is tried again', () => {
  it('a transient failure is retried after the configured wait, and the commit is not skipped', async () => {
    const name = await freshTable();
    const handed: number[] = [];
    const flaky: Reaction = {
      name: 'flaky',
      apply: async (_agg, commit) => {
        handed.push(commit.version);
        if (handed.length === 1) throw new Error('throttled'); // a transient failure, once
      },
    };
    const errors: unknown[] = [];
    const feed = new DynamoChangeFeed(db.client, name);
    await feed.start();
    const store = new DynamoEventStore({ client: db.client, tableName: name, feed });
    const service = new ParlorService({ store, log: quiet });
    const reactions = new Reactions({ feed, log: { error: (o: unknown) => void errors.push(o) }, checkpointMs: 3_600_000, retries: [5], replay: (id, versions) => replayCommits(store, id, versions, findGame) });
    reactions.add(flaky);
    service.onCommit((agg, commit) => reactions.deliver(agg, commit));
    await service.create({ game: 'scout', seats: 2 });
    expect(handed, 'the same commit, handed over again').toEqual([1, 1]);
    expect(errors, 'the retry succeeded: nothing logged as failed').toEqual([]);
  });
});
