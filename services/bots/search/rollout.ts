/**
 * Playing on in a sampled world: a move applied through the game's own decide and evolve, and the
 * rollout policy (the game's greedy bot, else random), which sees only the mover's view of that
 * world, as every bot does.
 */
import { randomBot, stateAfter, type AnyGame, type Bot, type Rng, type SetupContext } from '../../engine/core/index.js';
import { GREEDY } from '../greedy/index.js';
import { cutFor } from './cut.js';
import { seatRelative } from '../seat-order.js';

const relativeRandom = seatRelative(randomBot);
export const policyFor = (game: AnyGame): Bot => GREEDY[game.id] ?? relativeRandom;

/**
 * The playout path: the game's own decide on a world the bot sampled, and nothing a playout never
 * reads — no table (history, event count, seed), no redaction, no view but the policy's. `decide`
 * already applied its events on its working copy (the core Emitter): that state is taken as is
 * instead of folding the events a second time. test/bots/playout-law.test.ts checks it plays the
 * same games as the full table.
 */
export function applyMove(game: AnyGame, state: unknown, move: unknown, actor: number, rng: Rng): unknown {
  const events = game.decide(state, move, actor, rng);
  const after = stateAfter(events, state, game.evolve);
  if (after !== undefined) return after;
  let s = state;
  for (const e of events) s = game.evolve(s, e);
  return s;
}

/**
 * The mover's view for the policy: for the greedy bot, the part it reads where the game builds that
 * part (its `playoutView`, whose type is the bot's view type), else the whole view. The builder comes
 * with the game, so a function that never plays out never loads it (infra/bundle.ts lazyRegistry).
 */
export function policyMove(game: AnyGame, policy: Bot, state: unknown, actor: number, setup: SetupContext<unknown>, rng: Rng): unknown {
  const view = policy === GREEDY[game.id] && game.playoutView ? game.playoutView(state, actor) : game.view(state, actor);
  return policy(view, game.legalCommands(state, actor), rng, { game, seat: actor, setup });
}

/** Who acts next: when several seats choose at once, the others first (by the policy), the observer last. */
export function nextActor(toMove: readonly number[], observer: number): number {
  return toMove.find((s) => s !== observer) ?? observer;
}

/** Plays on by the policy to the game's end, or to its rollout cut (the end of the round), at most `maxMoves` moves. */
export function playOut(game: AnyGame, state: unknown, policy: Bot, setup: SetupContext<unknown>, rng: Rng, maxMoves = 2000): unknown {
  const cut = cutFor(game);
  let stage = cut?.stage(state);
  let stages = 0;
  let s = state;
  for (let moves = 0; moves < maxMoves; moves++) {
    const st = game.status(s);
    if (st.over) break;
    const actor = st.toMove[rng.int(st.toMove.length)]!;
    s = applyMove(game, s, policyMove(game, policy, s, actor, setup, rng), actor, rng);
    if (cut && cut.stage(s) !== stage) {
      if (++stages >= cut.stages) break;
      stage = cut.stage(s);
    }
  }
  return s;
}
