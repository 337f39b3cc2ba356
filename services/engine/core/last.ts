/**
 * A one-slot memo: the answer for the argument asked last. A game's rules ask the same question of
 * one state several times in a burst (the legal list, decide's checks, the status for the mover
 * and for the view) and then move on to the next state, so one slot holds what a map would, with
 * nothing for the garbage collector to keep.
 */

const NOTHING: unknown = Symbol('nothing asked yet');

/**
 * `fn`, answering again from memory when asked of the very argument it was asked last (by
 * identity). The answer is shared with every caller that asks of that argument: read it, never
 * change it. `fn` must be pure in its argument, and the argument never changed once asked of.
 */
export function lastOf<A, R>(fn: (a: A) => R): (a: A) => R {
  let asked: unknown = NOTHING;
  let answer: R;
  return (a: A): R => {
    if (a !== asked) {
      answer = fn(a);
      asked = a;
    }
    return answer;
  };
}
