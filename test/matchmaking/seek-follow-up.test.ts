/**
 * What follows a seek's filling (its game created and announced) is a follow-up of the seek's
 * append (app/aggregate-runner.ts): a process that dies before it leaves a mark the next server
 * finishes; a listener's failure never undoes the pairing; and each seat of a started game is
 * announced once, however often the follow-up runs. In process, on the real DynamoDB API.
 */
import { describe, expect, it } from 'vitest';
import { createLocalParlor } from '../../services/local.js';
import { seekGameId } from '../../services/matchmaking/service.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { ManualClock } from '../kit/manual-clock.js';

const db = useEmbeddedDynamo();
const clock = new ManualClock();
const options = () => ({ client: db.client, tableName: db.tableName, clock, signingSecret: 's', bots: { workers: 0 } });

/** Every seat each started game was announced to, as `gameId:seat`. */
function heard(parlor: Awaited<ReturnType<typeof createLocalParlor>>) {
  const told: string[] = [];
  parlor.play.matchmaking.onStarted(async (agg, seated) => void told.push(...seated.map((s) => `${agg.id}:${s.seat}`)));
  return told;
}

describe("a seek's follow-up", () => {
  it('a process that dies between the filling and the game leaves the game to the next server', async () => {
    const first = await createLocalParlor(options());
    const [ann, bob] = [await first.play.players.registry.register('Ann'), await first.play.players.registry.register('Bob')];
    const seek = await first.play.matchmaking.openSeek(ann.id, { game: 'scout', seats: 2 });
    // The process "dies" at the game's creation: the filling is appended, nothing after it happens.
    first.service.create = () => Promise.reject(new Error('killed'));
    await expect(first.play.matchmaking.acceptSeek(seek.id, bob.id)).rejects.toThrow('killed');
    expect((await first.play.matchmaking.seek(seek.id)).status).toBe('FILLED');
    await expect(first.service.load(seekGameId(seek.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await first.app.close();

    const second = await createLocalParlor(options());
    const game = await second.service.load(seekGameId(seek.id));
    expect(game.app.players).toEqual({ 0: ann.id, 1: bob.id });
    expect((await second.play.matchmaking.seek(seek.id)).gameId).toBe(game.id);
    // Nothing left marked: the next beat finishes nothing more.
    expect(await second.play.matchmaking.resume()).toBe(0);
    await second.app.close();
  });

  it("a listener's failure does not undo the pairing: the accept answers filled and the game goes on", async () => {
    const parlor = await createLocalParlor(options());
    const [cy, dee] = [await parlor.play.players.registry.register('Cy'), await parlor.play.players.registry.register('Dee')];
    parlor.play.matchmaking.onStarted(() => Promise.reject(new Error('a notice failed')));
    const seek = await parlor.play.matchmaking.openSeek(cy.id, { game: 'scout', seats: 2 });
    const filled = await parlor.play.matchmaking.acceptSeek(seek.id, dee.id);
    expect(filled.status).toBe('FILLED');
    const game = await parlor.service.load(filled.gameId!);
    expect(game.app.cancelled).toBeFalsy();
    expect(game.app.players).toEqual({ 0: cy.id, 1: dee.id });
    await parlor.app.close();
  });

  it('each seat of a started game is announced once, however often the follow-up runs', async () => {
    const parlor = await createLocalParlor(options());
    const told = heard(parlor);
    const [eve, fay] = [await parlor.play.players.registry.register('Eve'), await parlor.play.players.registry.register('Fay')];
    const seek = await parlor.play.matchmaking.openSeek(eve.id, { game: 'scout', seats: 2 });
    const filled = await parlor.play.matchmaking.acceptSeek(seek.id, fay.id);
    // Fay asks again (her answer lost), twice at once: the follow-up runs again each time.
    await Promise.all([parlor.play.matchmaking.acceptSeek(seek.id, fay.id), parlor.play.matchmaking.acceptSeek(seek.id, fay.id)]);
    expect(told.sort()).toEqual([`${filled.gameId}:0`, `${filled.gameId}:1`]);
    await parlor.app.close();
  });
});
