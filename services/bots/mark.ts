/**
 * A fact about a bot that only the code making it knows (it reads no view, it always returns one of
 * the listed moves), kept as a mark a harness can ask: a WeakSet of the bots marked, so a bot that
 * is dropped takes its mark with it. viewless.ts and picks-listed.ts are two such marks.
 */
import type { Bot } from '../engine/core/index.js';

export interface BotMark {
  /** `bot`, marked. */
  mark(bot: Bot): Bot;
  /** Whether `bot` was marked. */
  has(bot: Bot): boolean;
}

/** A mark, with `born` marked from the start. */
export function botMark(...born: Bot[]): BotMark {
  const marked = new WeakSet<Bot>(born);
  return {
    mark: (bot) => (marked.add(bot), bot),
    has: (bot) => marked.has(bot),
  };
}
