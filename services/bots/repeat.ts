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
  // Written by hand, not JSON.stringify (two per decision cost more than a greedy move): a card is
  // its id (which fixes lo and hi) and its face up, so two keys are equal exactly when the JSON of
  // those fields would be (test/bots/repeat.test.ts checks that against the JSON key).
  scout: (view) => {
    const v = view as {
      round: number; phase: string; toMove: number[]; hand: Card[] | null; myRotation: boolean | null; consecutiveScouts: number; scoutShowPending: boolean;
      activeSet: { cards: Card[]; owner: number } | null; players: { handCount: number; capturedCount: number; scoutShowChip: boolean; knownCards: { id: number; index: number | null }[] }[];
    };
    let key = `${v.round}|${v.phase}|${v.toMove.join(',')}|${cards(v.hand)}|${v.myRotation}|${v.consecutiveScouts}|${v.scoutShowPending}|`;
    key += v.activeSet ? `${v.activeSet.owner}:${cards(v.activeSet.cards)}` : 'null';
    for (const p of v.players) {
      key += `|${p.handCount},${p.capturedCount},${p.scoutShowChip}`;
      for (const k of p.knownCards) key += `,${k.id}@${k.index}`;
    }
    return key;
  },
};

type Card = { id: number; up: number };
const cards = (cs: readonly Card[] | null) => {
  if (!cs) return 'null';
  let out = '';
  for (const c of cs) out += `${c.id}^${c.up} `;
  return out;
};

/**
 * A move's key: its fields in order, for the flat moves the engines list (primitive fields); any
 * other shape through JSON. Moves at one position come from the same engine, so equal moves list
 * equal fields in the same order.
 */
export function moveKey(move: unknown): string {
  if (typeof move !== 'object' || move === null) return JSON.stringify(move);
  let key = '';
  for (const k in move) {
    const x = (move as Record<string, unknown>)[k];
    if (typeof x === 'object' && x !== null) return JSON.stringify(move);
    key += `${k}=${typeof x === 'string' ? JSON.stringify(x) : String(x)},`;
  }
  return key;
}

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
      const counts = legalMoves.map((m) => chosen!.get(moveKey(m)) ?? 0);
      const least = Math.min(...counts);
      moves = legalMoves.filter((_, i) => counts[i] === least);
    } else memory.set(key, (chosen = new Map()));
    const move = bot(view, moves, rng, context);
    const k = moveKey(move);
    chosen.set(k, (chosen.get(k) ?? 0) + 1);
    return move;
  };
}
