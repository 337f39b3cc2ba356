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
import { canBeat, eachSetBeating, shapeOf, valuesOf, type SetShape } from './sets.js';
import { isTwoPlayer, type State } from './state.js';

/*
 * Moves are values: each is built once, frozen and shared, so a legal list allocates only itself
 * (a list holds up to about a hundred moves and is asked for on every turn). Positions are
 * bounded by the command schema (0..99), so these tables stay small.
 */
const ROTATE: readonly Command[] = [Object.freeze({ type: 'rotate', rotate: false }), Object.freeze({ type: 'rotate', rotate: true })];
const PASS: Command = Object.freeze({ type: 'pass' });
const shows: Command[][] = [];
const showMove = (from: number, to: number): Command => ((shows[from] ??= [])[to] ??= Object.freeze({ type: 'show', from, to }));
/** By kind, end and flip (`scoutTable`), then by insert position. */
const scouts: Command[][] = Array.from({ length: 8 }, () => []);
const scoutTable = (type: 'scout' | 'scoutShow', end: End, flip: boolean) => scouts[(type === 'scout' ? 0 : 4) + (end === 'left' ? 0 : 2) + (flip ? 1 : 0)]!;
const scoutMove = (type: 'scout' | 'scoutShow', end: End, flip: boolean, at: number): Command =>
  (scoutTable(type, end, flip)[at] ??= Object.freeze({ type, end, flip, at }));

/**
 * Every plain Scout for a hand of `length` cards, in the list's order (end, flip, insert position):
 * from the left end only when the set has a single card (both ends name the same card), else from
 * both. Made once per shape, then copied into each list.
 */
const scoutBlocks: readonly Command[][][] = [[], []];
function scoutBlock(bothEnds: boolean, length: number): readonly Command[] {
  return (scoutBlocks[bothEnds ? 1 : 0]![length] ??= (() => {
    const block: Command[] = [];
    for (const end of bothEnds ? (['left', 'right'] as const) : (['left'] as const))
      for (const flip of [false, true]) for (let at = 0; at <= length; at++) block.push(scoutMove('scout', end, flip, at));
    return block;
  })());
}

/**
 * For a scout from one end (`target`: the set left behind): the insert positions after which a
 * Show certainly still exists (§3.5 step 7). A set of the old hand survives an insertion outside
 * it, so only the positions inside every such set, `(lastFrom, firstTo]`, need the new hand checked.
 */
function survivingShows(values: readonly number[], target: SetShape | null): { lastFrom: number; firstTo: number } {
  let lastFrom = -1;
  let firstTo = values.length;
  eachSetBeating(values, target, (from, to) => {
    if (from > lastFrom) lastFrom = from;
    if (to < firstTo) firstTo = to;
  });
  return { lastFrom, firstTo };
}

/** Whether a Show exists after `value` is inserted at `at`. */
function showAfterInsert(values: readonly number[], value: number, at: number, target: SetShape | null): boolean {
  const inserted = values.slice();
  inserted.splice(at, 0, value);
  return canBeat(inserted, target);
}

export function legalCommands(s: State, seat: Seat): Command[] {
  if (s.phase === 'rotate') return rotationToMove(s).includes(seat) ? ROTATE.slice() : [];
  if (s.phase !== 'play' || seat !== s.turn) return [];
  const values = valuesOf(s.hands[seat]!);
  const out: Command[] = [];
  eachSetBeating(values, activeShape(s), (from, to) => void out.push(showMove(from, to)));
  if (s.pendingShow) return out;
  if (canScout(s, seat)) {
    const block = scoutBlock(s.active.length > 1, values.length);
    for (let i = 0; i < block.length; i++) out.push(block[i]!);
    if (s.scoutShowChip[seat]) {
      // One end only when the set has a single card (both ends name the same card).
      const ends: End[] = s.active.length > 1 ? ['left', 'right'] : ['left'];
      for (const end of ends) {
        const rest = end === 'left' ? s.active.slice(1) : s.active.slice(0, -1);
        const target = shapeOf(rest);
        const taken = end === 'left' ? s.active[0]! : s.active[s.active.length - 1]!;
        const { lastFrom, firstTo } = survivingShows(values, target);
        for (const flip of [false, true]) {
          const value = (flip ? flipped(taken) : taken).up;
          for (let at = 0; at <= values.length; at++) {
            const offered = !s.options.scoutShowOnlyWhenShowFollows || at <= lastFrom || at > firstTo || showAfterInsert(values, value, at, target);
            if (offered) out.push(scoutMove('scoutShow', end, flip, at));
          }
        }
      }
    }
  }
  if (isTwoPlayer(s) && s.options.twoPlayerAllowPass && s.active.length > 0 && s.owner !== null) out.push(PASS);
  return out;
}
