/**
 * The bots the server can seat, by kind and level ("greedy", "search:2"). A bot sees only its
 * seat's sight (view, legal moves, the public setup), never the state; its choices are seeded
 * by the game id, version and seat, which are public, so a record replays them exactly.
 */
import { randomBot, rngFor, type Bot, type BotSight } from '../engine/core/index.js';
import { GREEDY } from './greedy/index.js';
import { searchBot } from './search/index.js';
import { avoidRepeats } from './repeat.js';
import { randomRelative, seatRelative } from './seat-order.js';
import { listedPicker } from './picks-listed.js';
import { viewless } from './viewless.js';

export interface BotKind {
  /** What the kind does, for the catalog. */
  description: string;
  /** Levels it takes (empty: none); `defaultLevel` when a spec names none. */
  levels: number[];
  defaultLevel?: number;
  /** The bot of this kind and level for a game. */
  make(game: string, level: number): Bot;
}

export const BOT_KINDS: Record<string, BotKind> = {
  random: { description: 'Plays a uniformly random legal move.', levels: [], make: () => viewless(listedPicker(randomRelative)) },
  greedy: {
    description: "Looks one move ahead and takes the one the game's own scoring likes best.",
    levels: [],
    make: (game) => avoidRepeats(GREEDY[game] ?? seatRelative(randomBot)),
  },
  search: {
    description: 'Plans by Monte Carlo tree search over worlds drawn from what its seat knows (SO-ISMCTS), with greedy playouts; more iterations per level.',
    levels: [1, 2, 3],
    defaultLevel: 2,
    make: (game, level) => avoidRepeats(searchBot(game, level)),
  },
};

/** "search:2" → { kind: "search", level: 2 }; null when the kind or level is not known. */
export function parseBotSpec(spec: string): { kind: string; level: number } | null {
  const [kind = '', levelText, ...extra] = spec.split(':');
  const k = Object.hasOwn(BOT_KINDS, kind) ? BOT_KINDS[kind]! : undefined;
  if (!k || extra.length) return null;
  if (levelText === undefined) return { kind, level: k.defaultLevel ?? 0 };
  const level = Number(levelText);
  return k.levels.includes(level) ? { kind, level } : null;
}

export const isBotKind = (spec: string) => parseBotSpec(spec) !== null;

/** The bot a spec names for a game (random for a spec that names none). */
export function botFor(game: string, spec: string): Bot {
  const parsed = parseBotSpec(spec);
  return parsed ? BOT_KINDS[parsed.kind]!.make(game, parsed.level) : randomBot;
}

/** The move `spec` plays from this sight; `key` and `stream` seed it (public: the game id and version). */
export function botMove(sight: BotSight, spec: string, key: string, stream: number): unknown {
  return botFor(sight.context.game.id, spec)(sight.view, sight.legalMoves, rngFor(key, stream), sight.context);
}
