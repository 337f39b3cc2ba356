/**
 * What a cached fold really holds (issue 26 §2): for each game and seat count, games are played
 * to random points (from just dealt to over) on an in-memory store, then a fresh service loads
 * them all into its fold cache; V8's heap (after a full GC) before, with the cache full, and once
 * that service is dropped gives the heap bytes per game (the smaller of the two differences). Printed beside the fold's JSON size and the budget's
 * estimate (services/app/fold-size.ts): the factor measured here is what HEAP_PER_JSON_BYTE keeps.
 * Not part of `npm run bench`: `npx tsx bench/fold-cache-heap.ts` (GAMES=200 per row).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fastRng } from '../services/engine/core/index.js';
import { games } from '../services/engine/registry.js';
import { foldBytes, foldJsonBytes, HEAP_PER_JSON_BYTE } from '../services/app/fold-size.js';
import { ParlorService } from '../services/app/service.js';
import type { AppendResult, Commit, EventStore, NewCommit, Stream } from '../services/store/port.js';
import { VersionConflict } from '../services/store/port.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const perRow = Number(process.env.GAMES ?? 200);

/** Commits kept as JSON text, as a real store returns them: nothing a fold holds is shared with it. */
class TextStore implements EventStore {
  private readonly streams = new Map<string, string[]>();
  async append(gameId: string, expectedVersion: number, commit: NewCommit): Promise<AppendResult> {
    const stream = this.streams.get(gameId) ?? [];
    if (stream.length !== expectedVersion) throw new VersionConflict(gameId, expectedVersion);
    stream.push(JSON.stringify({ ...commit, version: expectedVersion + 1, at: new Date(0).toISOString() }));
    this.streams.set(gameId, stream);
    return { version: expectedVersion + 1 };
  }
  async load(gameId: string): Promise<Stream | null> {
    const all = this.streams.get(gameId)?.map((text) => JSON.parse(text) as Commit & { snapshot?: unknown });
    if (!all) return null;
    const at = all.findLastIndex((c) => c.snapshot !== undefined);
    return { version: all.length, snapshot: at < 0 ? null : { version: all[at]!.version, data: all[at]!.snapshot }, commits: all.slice(at + 1) };
  }
  async commitsAfter(gameId: string, version: number): Promise<Commit[]> {
    return (await this.history(gameId)).filter((c) => c.version > version);
  }
  async history(gameId: string): Promise<Commit[]> {
    return (this.streams.get(gameId) ?? []).map((text) => JSON.parse(text) as Commit);
  }
}

const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

console.log(`Fold cache: heap bytes a cached game holds (freed when its service goes), ${perRow} games a row played to random points, loaded by a fresh service (target: the budget's estimate ≥ the heap, within ~1.3×)`);
for (const game of games) {
  for (const seats of [...new Set([game.seats.min, game.seats.max])]) {
    const store = new TextStore();
    const player = new ParlorService({ store, games, cachedGames: 0 });
    const rng = fastRng(seats * 7919 + game.id.length);
    const ids: string[] = [];
    for (let g = 0; g < perRow; g++) {
      const { id } = await player.create({ game: game.id, seats });
      const tokens: string[] = [];
      for (let s = 0; s < seats; s++) tokens.push((await player.join(id, `p${s}`)).token);
      const stop = rng.int(400);
      for (let n = 0; n < stop; n++) {
        const agg = await player.load(id);
        const status = agg.table.status(agg.state);
        if (status.over) break;
        const seat = status.toMove[rng.int(status.toMove.length)]!;
        const legal = agg.table.legalMoves(agg.state, seat);
        await player.move({ gameId: id, token: tokens[seat]!, move: legal[rng.int(legal.length)] });
      }
      ids.push(id);
    }
    // What the cache holds is what is freed when the cache goes (nothing else holds the folds).
    const h0 = heapUsed();
    let reader: ParlorService | undefined = new ParlorService({ store, games, cachedGames: perRow, cacheBytes: 2 ** 40 });
    let json = 0;
    let check = 0;
    for (const id of ids) {
      const agg = await reader.load(id);
      json += foldJsonBytes(agg) / perRow;
      check += foldBytes(agg, undefined) / perRow;
    }
    const budgeted = reader.cached.bytes / perRow;
    if (Math.abs(check - budgeted) > 1) throw new Error('the cache does not budget by foldBytes');
    const withCache = heapUsed();
    reader = undefined;
    // Two readings of one quantity (what the loads added, what dropping the cache freed): the smaller is
    // the one no unrelated allocation or collection in between inflated.
    const held = Math.min(withCache - h0, withCache - heapUsed()) / perRow;
    console.log(
      `  ${game.id.padEnd(20)} ${seats} seats  heap ${(held / 1024).toFixed(1).padStart(5)} KiB/game  JSON ${(json / 1024).toFixed(2).padStart(5)} KiB  heap/JSON ${(held / json).toFixed(1).padStart(4)}×  budgeted ${(budgeted / 1024).toFixed(1).padStart(5)} KiB (factor ${HEAP_PER_JSON_BYTE[game.id]})  budget/heap ${(budgeted / held).toFixed(2)}×`,
    );
  }
}
