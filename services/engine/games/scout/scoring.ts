/** §4.2 round scoring and §4.4 winners, as pure functions. */
import type { RoundScore } from './events.js';

export interface RoundCounts {
  captured: number;
  scoutChips: number;
  handCards: number;
}

/**
 * roundScore(p) = captured(p) + scoutChips(p) − handCards(p); the `exempt` seat (the Owner who
 * ended the round by condition 2) subtracts nothing. `chipsScore` false drops the chips
 * (2p with `twoPlayerUnspentChipsScore` off).
 */
export function scoreRound(players: readonly RoundCounts[], exempt: number | null, chipsScore = true): RoundScore[] {
  return players.map((p, seat) => {
    const handPenalty = seat === exempt ? 0 : p.handCards;
    const chips = chipsScore ? p.scoutChips : 0;
    return { captured: p.captured, scoutChips: p.scoutChips, handCards: p.handCards, handPenalty, score: p.captured + chips - handPenalty };
  });
}

/** §4.4: every seat with the highest total shares the win. */
export function winners(totals: readonly number[]): number[] {
  const best = Math.max(...totals);
  const out: number[] = [];
  for (let seat = 0; seat < totals.length; seat++) if (totals[seat] === best) out.push(seat);
  return out;
}
