/** The reads that are not one game's fold: the lobby, the headline statistics, a game's history and record. */
import type { TableEvent, Viewer } from '../../engine/core/index.js';
import type { Commit } from '../../store/port.js';
import { lobbyPosition, type LobbyEntry, type LobbyStore, type StatsCounters, type StatsStore } from '../../store/read-models.js';
import type { Aggregate, GameLookup } from '../aggregate.js';
import { appEventFor } from '../app-event-sight.js';
import { isAppEvent } from '../app-events.js';
import { AppError } from '../errors.js';
import { checkFirst, cursorKey, DEFAULT_PAGE, pageOf, type Page } from '../pages.js';
import { checkNotSealed, isSealed } from '../sealed.js';
import type { ServiceCore } from './core.js';

/**
 * Games still waiting for players, oldest first, a page at a time: one bounded query per
 * game type asked (each type's next `first + 1`), merged.
 */
export async function lobbyPage(lobby: LobbyStore | undefined, types: string[], first = DEFAULT_PAGE, after?: string): Promise<Page<LobbyEntry>> {
  checkFirst(first);
  const from = after === undefined ? undefined : cursorKey(after);
  const entries = lobby ? (await Promise.all(types.map((t) => lobby.page(t, first + 1, from)))).flat().sort((a, b) => (lobbyPosition(a) < lobbyPosition(b) ? -1 : 1)) : [];
  return pageOf(entries, lobbyPosition, first);
}

/** Finished games' counters of one game type, for one seat count or each it allows: one per option set and line-up. */
export async function statsOf(store: StatsStore | undefined, lookup: GameLookup, type: string, seats?: number): Promise<StatsCounters[]> {
  const game = lookup(type);
  if (!game) throw new AppError('BAD_INPUT', `unknown game type "${type}"`);
  if (seats !== undefined && !(Number.isInteger(seats) && seats >= game.seats.min && seats <= game.seats.max)) throw new AppError('BAD_INPUT', `${type} takes ${game.seats.min} to ${game.seats.max} seats`);
  const counts = seats === undefined ? Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i) : [seats];
  if (!store) return [];
  return (await Promise.all(counts.map((n) => store.read(game.id, n)))).flat();
}

export interface HistoryEntry {
  version: number;
  at: string;
  seat: number | null;
  by: string | null;
  events: TableEvent[];
}

/** The full event history as `viewer` may see it (a sealed game's seed stays out of its GameEnded). */
export async function historyFor(core: ServiceCore, agg: Aggregate, viewer: Viewer): Promise<HistoryEntry[]> {
  checkNotSealed(agg, viewer);
  const commits = await core.store.history(agg.id);
  const sealed = isSealed(agg);
  const shown = (e: TableEvent) => (sealed && e.type === 'GameEnded' ? withoutSeed(e) : agg.table.redact(e, viewer));
  return commits
    .filter((c) => c.version <= agg.version)
    .map((c) => ({ version: c.version, at: c.at, seat: c.seat ?? null, by: c.by ?? null, events: (c.events as TableEvent[]).flatMap((e) => (isAppEvent(e) ? (appEventFor(e, agg.app.settings, viewer) ?? []) : [shown(e)])) as TableEvent[] }));
}

/**
 * Every commit of a finished (or cancelled) game, with the commands that produced them: the raw
 * material of its public record. FORBIDDEN while the game runs (commands and events still hold secrets).
 */
export async function finishedHistory(core: ServiceCore, gameId: string): Promise<{ agg: Aggregate; commits: Commit[] }> {
  const agg = await core.load(gameId);
  if (!agg.state.ended && !agg.app.cancelled) throw new AppError('FORBIDDEN', 'a game’s record is published when it ends');
  if (isSealed(agg)) throw new AppError('FORBIDDEN', 'a duplicate tournament game’s record is published when every table of its board has ended');
  return { agg, commits: await core.store.history(gameId) };
}

export function withoutSeed(e: TableEvent): TableEvent {
  const { seed: _secret, ...rest } = e as TableEvent & { seed?: string };
  return rest as TableEvent;
}
