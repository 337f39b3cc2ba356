/**
 * legalCommands: every value here is accepted unchanged by decide. Lists stay small:
 * Scout & Show is listed as its scout step (`scoutShow` without from/to), offered only when a
 * Show can follow; the Show then comes as the same seat's next command.
 */
import type { Seat } from '../../core/index.js';
import type { Command, End } from './commands.js';
import { activeShape, canScout, rotationToMove, showAfterScout } from './rules.js';
import { setsBeating, valuesOf } from './sets.js';
import { isTwoPlayer, type State } from './state.js';

const shows = (s: State, seat: Seat): Command[] =>
  setsBeating(valuesOf(s.hands[seat]!), activeShape(s)).map(([from, to]) => ({ type: 'show', from, to }));

/** The distinct scout choices: one end when the set has a single card. */
function scoutChoices(s: State, seat: Seat): { end: End; flip: boolean; at: number }[] {
  const ends: End[] = s.active.length > 1 ? ['left', 'right'] : ['left'];
  const out: { end: End; flip: boolean; at: number }[] = [];
  for (const end of ends) for (const flip of [false, true]) for (let at = 0; at <= s.hands[seat]!.length; at++) out.push({ end, flip, at });
  return out;
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
  if (s.pendingShow) return shows(s, seat);
  const out = shows(s, seat);
  if (canScout(s, seat)) {
    const choices = scoutChoices(s, seat);
    for (const c of choices) out.push({ type: 'scout', ...c });
    if (s.scoutShowChip[seat]) for (const c of choices) if (showAfterScout(s, seat, c.end, c.flip, c.at)) out.push({ type: 'scoutShow', ...c });
  }
  if (isTwoPlayer(s) && s.options.twoPlayerAllowPass && s.active.length > 0 && s.owner !== null) out.push({ type: 'pass' });
  return out;
}
