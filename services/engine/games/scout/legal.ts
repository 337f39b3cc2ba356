/**
 * legalCommands: every value here is accepted unchanged by decide. Lists stay small:
 * Scout & Show is listed as its scout step (`scoutShow` without from/to), by default offered only
 * when a Show can follow (`scoutShowOnlyWhenShowFollows`); the Show then comes as the same
 * seat's next command.
 */
import type { Seat } from '../../core/index.js';
import { flipped } from './cards.js';
import type { Command, End } from './commands.js';
import { activeShape, canScout, rotationToMove } from './rules.js';
import { canBeat, setsBeating, shapeOf, valuesOf } from './sets.js';
import { isTwoPlayer, type State } from './state.js';

/**
 * For one scouted value: at which insert positions a Show exists afterwards against `target`
 * (§3.5 step 7). A set of the old hand survives an insertion outside it, so only the
 * positions inside every such set need the inserted hand checked.
 */
function showPossibleAt(values: readonly number[], value: number, target: ReturnType<typeof shapeOf>): boolean[] {
  const old = setsBeating(values, target);
  const lastFrom = Math.max(-1, ...old.map(([from]) => from));
  const firstTo = Math.min(values.length, ...old.map(([, to]) => to));
  return Array.from({ length: values.length + 1 }, (_, at) => at <= lastFrom || at > firstTo || canBeat([...values.slice(0, at), value, ...values.slice(at)], target));
}

export function legalCommands(s: State, seat: Seat): Command[] {
  if (s.phase === 'rotate')
    return rotationToMove(s).includes(seat)
      ? [
          { type: 'rotate', rotate: false },
          { type: 'rotate', rotate: true },
        ]
      : [];
  if (s.phase !== 'play' || seat !== s.turn) return [];
  const values = valuesOf(s.hands[seat]!);
  const out: Command[] = setsBeating(values, activeShape(s)).map(([from, to]) => ({ type: 'show', from, to }));
  if (s.pendingShow) return out;
  if (canScout(s, seat)) {
    // One end only when the set has a single card (both ends name the same card).
    const ends: End[] = s.active.length > 1 ? ['left', 'right'] : ['left'];
    for (const end of ends) for (const flip of [false, true]) for (let at = 0; at <= values.length; at++) out.push({ type: 'scout', end, flip, at });
    if (s.scoutShowChip[seat])
      for (const end of ends) {
        const rest = end === 'left' ? s.active.slice(1) : s.active.slice(0, -1);
        const target = rest.length ? shapeOf(valuesOf(rest)) : null;
        const taken = end === 'left' ? s.active[0]! : s.active[s.active.length - 1]!;
        for (const flip of [false, true])
          showPossibleAt(values, (flip ? flipped(taken) : taken).up, target).forEach((ok, at) => {
            if (ok || !s.options.scoutShowOnlyWhenShowFollows) out.push({ type: 'scoutShow', end, flip, at });
          });
      }
  }
  if (isTwoPlayer(s) && s.options.twoPlayerAllowPass && s.active.length > 0 && s.owner !== null) out.push({ type: 'pass' });
  return out;
}
