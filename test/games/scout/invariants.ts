/**
 * SCOUT's own playthrough invariants, checked after every command. Plain assertions (not
 * `expect`): they run hundreds of thousands of times and vitest's `expect` costs ~20 µs a call.
 */
import type { TableState } from '../../../services/engine/core/index.js';
import { cardsInPlay } from '../../../services/engine/games/scout/cards.js';
import { canScout, canShow } from '../../../services/engine/games/scout/rules.js';
import { shapeOf, valuesOf } from '../../../services/engine/games/scout/sets.js';
import type { State } from '../../../services/engine/games/scout/state.js';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`SCOUT invariant: ${message}`);
}

/** Cards in play this round: all of them, except 2p round 2 which deals the 22 set aside. */
export const cardsThisRound = (s: State) => (s.seats === 2 && s.round === 2 ? 22 : cardsInPlay(s.seats).length);

export function checkScout(table: TableState): void {
  const s = table.play as State;
  if (s.phase === 'setup') return;
  const ids = [...s.hands.flat().map((c) => c.id), ...s.captured.flat(), ...s.active.map((c) => c.id), ...s.setAside.map((c) => c.id)];
  assert(ids.length === cardsThisRound(s), `hands + captured + Active Set + set-aside = ${ids.length}, not ${cardsThisRound(s)}`);
  assert(new Set(ids).size === ids.length, 'a card is in two places');
  for (const c of [...s.hands.flat(), ...s.active]) assert(c.up === c.lo || c.up === c.hi, 'a card shows a number it does not have');
  if (s.active.length) {
    assert(shapeOf(valuesOf(s.active)), 'the Active Set is not a legal set');
    assert(s.owner !== null, 'a non-empty Active Set has no Owner');
  }
  assert(s.chips.every((c) => c >= 0), 'negative Scout chips');
  s.scoutedIn.forEach((ids, p) => ids.forEach((id) => assert(s.hands[p]!.some((c) => c.id === id), 'a known scouted card is not in its hand')));
  if (s.phase === 'play') {
    // E2: whoever must act holds cards and has a Show or a Scout.
    assert(s.hands[s.turn]!.length > 0, 'the player to act has no cards');
    assert(canShow(s, s.turn) || (!s.pendingShow && canScout(s, s.turn)), 'the player to act can neither Show nor Scout');
    if (s.seats > 2) assert(s.consecutiveScouts < s.seats - 1, 'the round should have ended (condition 2)');
  }
  if (s.phase === 'over') assert(s.roundScores.every((r) => r.length === s.rounds), 'a round went unscored');
}
