/**
 * Bot specs as games store them ("random", "search:2"): one canonical spelling per bot, the
 * stand-in a seat gets when its player times out or leaves, the catalog's list of kinds, and
 * the mark a bot's commit carries in the history. Every list of kinds comes from BOT_KINDS.
 */
import type { AppState } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import { BOT_KINDS, parseBotSpec } from './kinds.js';
import { botKindsText } from './lineup.js';

/** The bot a timed-out or resigned seat gets unless the game says otherwise (`timeoutBot`): it plays decently. */
export const DEFAULT_TIMEOUT_BOT = 'search:1';

/**
 * The canonical spec of a kind and optional level ("search", 2 → "search:2"; "search" → its
 * default level spelled out; "random" stays "random"); BAD_INPUT for a kind or level not known.
 */
export function canonicalSpec(kind: string, level?: number | null): string {
  const spec = level === undefined || level === null ? kind : `${kind}:${level}`;
  const parsed = parseBotSpec(spec);
  if (!parsed) throw new AppError('BAD_INPUT', `unknown bot "${spec}" (one of ${botKindsText()})`);
  return BOT_KINDS[parsed.kind]!.levels.length ? `${parsed.kind}:${parsed.level}` : parsed.kind;
}

/** The bot that takes over a seat of this game when its player times out, resigns or forfeits. */
export const timeoutBotOf = (app: AppState): string => app.settings.timeoutBot ?? DEFAULT_TIMEOUT_BOT;

/** How the history marks a commit a bot played for a seat. */
export const botMark = (spec: string) => `bot:${spec}`;
/** How the history marks a formality the server played for a seat (its only legal move). */
export const AUTO_MARK = 'auto';

export interface BotKindInfo {
  kind: string;
  description: string;
  levels: number[];
  defaultLevel: number | null;
}

/** The bot kinds a game may seat, for the catalog. */
export function botCatalog(): BotKindInfo[] {
  return Object.entries(BOT_KINDS).map(([kind, k]) => ({ kind, description: k.description, levels: k.levels, defaultLevel: k.levels.length ? (k.defaultLevel ?? null) : null }));
}
