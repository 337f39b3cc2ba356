/**
 * Bots avoid going round in circles. Three greedy SCOUT bots can show one card and scout it back
 * for ever (issue #34: seed `speed-greedy`, game 1037 at 3 seats): each choice is the best one
 * ply ahead, and the position comes back every few moves with only the scout chips grown. A bot
 * that meets a position it has already decided at this game then prefers a move it played there
 * least often, so a cycle is left as soon as another move exists.
 *
 * The memory is the seat's own: positions it has seen (from its views) and the moves it chose
 * there, kept by whoever plays the game (the lab's harnesses: `botMemory()` per seat per game)
 * and handed over in the context. Decisions stay a function of the game so far; without a
 * memory (the server's single moves) the bot plays as it always did.
 */
import type { Bot, BotContext } from '../engine/core/index.js';

/** What a seat remembers: per position key, how often it chose each move there. */
export type BotMemory = Map<string, Map<string, number>>;

export const botMemory = (): BotMemory => new Map();

/** A bot's context with the seat's memory of this game, when the harness keeps one. */
export interface RememberingContext extends BotContext {
  memory?: BotMemory;
}

/**
 * What makes two of a seat's positions the same, per game. Only the games listed remember: a key
 * of a whole view costs more than the greedy decision itself (Sea Salt & Paper's league ran 10×
 * slower), and only SCOUT has been seen to cycle (the others' tests play thousands of games to
 * the end). SCOUT leaves out what only grows in a cycle (scout chips, hence totals) and what it cannot
 * change (the record of earlier rounds).
 */
export const POSITION_KEY: Record<string, (view: unknown) => string> = {
  scout: (view) => {
    const v = view as {
      round: number; phase: string; toMove: number[]; hand: unknown; myRotation: unknown; consecutiveScouts: number; scoutShowPending: boolean;
      activeSet: unknown; players: { handCount: number; capturedCount: number; scoutShowChip: boolean; knownCards: unknown }[];
    };
    return JSON.stringify([v.round, v.phase, v.toMove, v.hand, v.myRotation, v.consecutiveScouts, v.scoutShowPending, v.activeSet, v.players.map((p) => [p.handCount, p.capturedCount, p.scoutShowChip, p.knownCards])]);
  },
};

/** `bot`, made to prefer, at a position met before, the moves it chose there least often. */
export function avoidRepeats(bot: Bot): Bot {
  return (view, legalMoves, rng, context) => {
    const memory = (context as RememberingContext).memory;
    const keyOf = POSITION_KEY[context.game.id];
    if (!memory || !keyOf || legalMoves.length < 2) return bot(view, legalMoves, rng, context);
    const key = keyOf(view);
    let chosen = memory.get(key);
    let moves = legalMoves;
    if (chosen) {
      const counts = legalMoves.map((m) => chosen!.get(JSON.stringify(m)) ?? 0);
      const least = Math.min(...counts);
      moves = legalMoves.filter((_, i) => counts[i] === least);
    } else memory.set(key, (chosen = new Map()));
    const move = bot(view, moves, rng, context);
    const moveKey = JSON.stringify(move);
    chosen.set(moveKey, (chosen.get(moveKey) ?? 0) + 1);
    return move;
  };
}
