/**
 * Who plays each seat in the lab (`npm run simulate`, `npm run league`): a comma-separated line-up
 * such as "search:2,greedy,external:node examples/external-bot.mjs". A line-up shorter than the
 * table repeats its last entry, so "search:2,greedy" at 4 seats is one search bot against three
 * greedy ones and "greedy" alone fills every seat. `external:<command>` is a process of one's own
 * (services/bots/external.ts); it exists only in the lab, never on the server.
 */
import type { Bot } from '../engine/core/index.js';
import { externalBot, type ExternalBot } from './external.js';
import { botFor, BOT_KINDS, parseBotSpec } from './kinds.js';

export const EXTERNAL = 'external:';

export class LineupError extends Error {}

/** Splits on commas, but a command of `external:` may hold commas: a piece that names no kind belongs to it. */
function entries(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(',')) {
    const kind = piece.trim().split(':')[0]!;
    const last = out.at(-1);
    if (last?.startsWith(EXTERNAL) && !Object.hasOwn(BOT_KINDS, kind) && `${kind}:` !== EXTERNAL) out[out.length - 1] = `${last},${piece}`;
    else out.push(piece.trim());
  }
  return out;
}

/** One bot spec per seat; throws `LineupError` naming the first entry that is not a bot. */
export function parseLineup(text: string, seats: number): string[] {
  const list = entries(text);
  if (list.length > seats) throw new LineupError(`the line-up names ${list.length} bots for ${seats} seats`);
  for (const spec of list) {
    if (spec.startsWith(EXTERNAL)) {
      if (!spec.slice(EXTERNAL.length).trim()) throw new LineupError('"external:" needs a command, e.g. external:node examples/external-bot.mjs');
    } else if (!parseBotSpec(spec)) {
      throw new LineupError(`unknown bot "${spec}": one of ${botKindsText()}, or external:<command>`);
    }
  }
  return [...Array(seats).keys()].map((seat) => list[Math.min(seat, list.length - 1)]!);
}

/** "random, greedy, search:1|2|3" for messages and usage lines. */
export function botKindsText(): string {
  return Object.entries(BOT_KINDS)
    .map(([kind, k]) => (k.levels.length ? `${kind}:${k.levels.join('|')}` : kind))
    .join(', ');
}

/** The bots of a line-up for one game, one per seat; an external process each, until `close`. */
export function lineupBots(game: string, lineup: readonly string[]): { bots: Bot[]; close(): void } {
  const processes: ExternalBot[] = [];
  const bots = lineup.map((spec) => {
    if (!spec.startsWith(EXTERNAL)) return botFor(game, spec);
    const bot = externalBot(spec.slice(EXTERNAL.length).trim());
    processes.push(bot);
    return bot;
  });
  return { bots, close: () => processes.forEach((p) => p.close()) };
}
