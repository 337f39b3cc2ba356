/**
 * On AWS nothing runs after a commit but the stream function: it scores a tournament's games as
 * their last commits arrive, reveals a board once its every table has ended, and starts the next
 * round (the tournament's own stream, in the same table) once the round's last game has ended.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { gql, useAws, type AwsWorld } from './kit.js';
import { TABLE_ACTIONS } from '../../services/handlers/permissions.js';

const world = useAws();

const TOURNAMENT = 'query($id: ID!) { tournament(id: $id) { status rounds { completed boards { seed completed games { id ended } } } } }';

/** Delivers every game's new commits to the stream function until none brings more; the player plays its first legal move where it is to move. */
async function deliverAll(w: AwsWorld, id: string, token: string): Promise<void> {
  const delivered = new Map<string, number>();
  for (let pass = 0; pass < 200; pass++) {
    const t = (await gql(w, TOURNAMENT, { id })).data.tournament;
    let any = false;
    for (const g of t.rounds.flatMap((r: any) => r.boards.flatMap((b: any) => b.games))) {
      const mine = (await gql(w, 'query($id: ID!) { game(id: $id) { version legalMoves } }', { id: g.id }, token)).data?.game;
      if (mine?.legalMoves?.length) {
        const moved = await gql(w, 'mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: g.id, m: mine.legalMoves[0], v: mine.version }, token);
        any ||= !moved.errors;
      }
      const event = await w.streamEvent(g.id, delivered.get(g.id) ?? 0);
      if (event.Records.length === 0) continue;
      any = true;
      expect(await w.stream(event)).toEqual({ batchItemFailures: [] });
      delivered.set(g.id, Math.max(...event.Records.map((r) => Number(r.dynamodb!.NewImage!.version!.N))));
    }
    if (!any) return;
  }
}

describe('the stream function runs tournaments', () => {
  it('scores games as they end, reveals complete boards and starts the next round, to the end', async () => {
    const reg = await gql(world, 'mutation { registerPlayer(name: "Ann") { player { id } token } }');
    const token = reg.data.registerPlayer.token;
    // A tournament needs a registered player among its entrants: Ann and three bots.
    const created = await gql(world, 'mutation { createTournament(input: { game: "high-card", seats: 2, rounds: 2, bots: ["random", "random", "random"] }) { id } }', {}, token);
    expect(created.errors).toBeUndefined();
    const id = created.data.createTournament.id;
    expect((await gql(world, 'mutation($id: ID!) { joinTournament(id: $id) { id } }', { id }, token)).errors).toBeUndefined();
    const started = (await gql(world, 'mutation($id: ID!) { startTournament(id: $id) { status rounds { boards { games { ended } } } } }', { id }, token)).data.startTournament;
    expect(started.rounds[0].boards.flatMap((b: any) => b.games).some((g: any) => g.ended)).toBe(false); // nothing moves the bots but the stream
    await deliverAll(world, id, token);
    const t = (await gql(world, TOURNAMENT, { id })).data.tournament;
    expect(t.status).toBe('FINISHED');
    expect(t.rounds).toHaveLength(2);
    for (const b of t.rounds.flatMap((r: any) => r.boards)) expect(b.seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the http and stream functions call only DynamoDB actions their roles grant (infra/parlor-stack.ts grants TABLE_ACTIONS)', () => {
    for (const name of ['http', 'stream'] as const) expect([...world.used[name]].filter((a) => !(TABLE_ACTIONS[name] as readonly string[]).includes(a)), name).toEqual([]);
  });
});
