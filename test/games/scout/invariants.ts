/**
 * SCOUT's own playthrough invariants, checked after every command. Plain assertions (not
 * `expect`): they run hundreds of thousands of times and vitest's `expect` costs ~20 µs a call.
 */
import type { TableEvent, TableState } from '../../../services/engine/core/index.js';
import { cardsInPlay } from '../../../services/engine/games/scout/cards.js';
import type { ScoutEvent } from '../../../services/engine/games/scout/events.js';
import { scout } from '../../../services/engine/games/scout/index.js';
import { canScout, canShow } from '../../../services/engine/games/scout/rules.js';
import { shapeOf } from '../../../services/engine/games/scout/sets.js';
import type { State } from '../../../services/engine/games/scout/state.js';

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`SCOUT invariant: ${message}`);
}

/** Cards in play this round: all of them, except 2p round 2 which deals the 22 set aside. */
export const cardsThisRound = (s: State) => (s.seats === 2 && s.round === 2 ? 22 : cardsInPlay(s.seats).length);

export function checkScout(table: TableState): void {
  const s = table.play as State;
  if (s.phase === 'setup') return;
  // Cards conserved: hands + captured + Active Set (+ set-aside) = cards in play, each once.
  const seen = new Uint8Array(45);
  let count = 0;
  const mark = (id: number) => {
    assert(seen[id] === 0, `card ${id} is in two places`);
    seen[id] = 1;
    count++;
  };
  const markCard = (c: { id: number; lo: number; hi: number; up: number }) => {
    assert(c.up === c.lo || c.up === c.hi, 'a card shows a number it does not have');
    mark(c.id);
  };
  s.hands.forEach((h) => h.forEach(markCard));
  s.active.forEach(markCard);
  s.setAside.forEach(markCard);
  s.captured.forEach((pile) => pile.forEach(mark));
  assert(count === cardsThisRound(s), `hands + captured + Active Set + set-aside = ${count}, not ${cardsThisRound(s)}`);
  if (s.active.length) {
    assert(shapeOf(s.active), 'the Active Set is not a legal set');
    assert(s.owner !== null, 'a non-empty Active Set has no Owner');
  }
  for (const c of s.chips) assert(c >= 0, 'negative Scout chips');
  s.scoutedIn.forEach((ids, p) => ids.forEach((id) => assert(s.hands[p]!.some((c) => c.id === id), 'a known scouted card is not in its hand')));
  if (s.phase === 'play') {
    // E2: whoever must act holds cards and has a Show or a Scout.
    assert(s.hands[s.turn]!.length > 0, 'the player to act has no cards');
    assert(canShow(s, s.turn) || (!s.pendingShow && canScout(s, s.turn)), 'the player to act can neither Show nor Scout');
    if (s.seats > 2) assert(s.consecutiveScouts < s.seats - 1, 'the round should have ended (condition 2)');
  }
  if (s.phase === 'over') assert(s.roundScores.every((r) => r.length === s.rounds), 'a round went unscored');
}

/**
 * A `check` for one game: the state invariants above, plus for each new event: E9 (the round
 * ends by condition 1 only after a Show and by condition 2 only after a Scout or pass) and
 * what each viewer's redacted copy still holds (no other hand, no set-aside card, no other
 * seat's rotation choice or scouted-card orientation).
 */
export function scoutChecker(seats: number) {
  let seen = 0;
  const viewers = [...Array.from({ length: seats }, (_, s) => s), null];
  return (table: TableState, events: readonly TableEvent[]) => {
    checkScout(table);
    for (; seen < events.length; seen++) {
      const e = events[seen] as ScoutEvent;
      if (e.type === 'RoundEnded') {
        const before = events[seen - 1]!.type;
        const allowed: Record<string, string[]> = { Shown: ['empty-hand', 'cannot-act', 'action-limit'], Scouted: ['scouted-around', 'cannot-act', 'action-limit'], Passed: ['passed'] };
        assert(allowed[before]?.includes(e.reason), `round ended by ${e.reason} after ${before}`);
      }
      for (const viewer of viewers) {
        const r = scout.redact(e, viewer);
        if (r.type === 'RoundDealt') assert(r.setAside === null && r.hands.every((h, p) => (p === viewer) === (h !== null)), 'a redacted deal shows hidden cards');
        if (r.type === 'RotationChosen') assert((r.rotate !== null) === (r.seat === viewer), 'a redacted rotation shows the choice');
        if (r.type === 'Scouted') assert((r.flip !== null) === (r.seat === viewer), "a redacted scout shows the card's orientation");
      }
    }
  };
}
