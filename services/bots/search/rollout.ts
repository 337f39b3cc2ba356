/**
 * Playing on in a sampled world: a move applied through the game's own decide and evolve, and the
 * rollout policy (the game's greedy bot, else random), which sees only the mover's view of that
 * world, as every bot does.
 */
import { randomBot, type AnyGame, type Bot, type Rng, type SetupContext } from '../../engine/core/index.js';
import { GREEDY } from '../greedy/index.js';
import { cutFor } from './cut.js';
import { seatRelative } from '../seat-order.js';

const relativeRandom = seatRelative(randomBot);
export const policyFor = (game: AnyGame): Bot => GREEDY[game.id] ?? relativeRandom;

export function applyMove(game: AnyGame, state: unknown, move: unknown, actor: number, rng: Rng): unknown {
  let s = state;
  for (const e of game.decide(s, move, actor, rng)) s = game.evolve(s, e);
  return s;
}

export function policyMove(game: AnyGame, policy: Bot, state: unknown, actor: number, setup: SetupContext<unknown>, rng: Rng): unknown {
  return policy(game.view(state, actor), game.legalCommands(state, actor), rng, { game, seat: actor, setup });
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
