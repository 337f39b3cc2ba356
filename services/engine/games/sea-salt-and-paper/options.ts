/**
 * Options (docs/rules/sea-salt-and-paper.md §7). Where the published rules leave a point open,
 * the default is the reading the rules document gives and the other reading is a value of a
 * named option; each description names the section or edge case (§…, E…) of that document.
 */
import { z } from 'zod';

export const options = z.object({
  targetScore: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .nullable()
    .default(null)
    .describe('docs/rules/sea-salt-and-paper.md §2.4. Target score: the game ends after a scored round in which someone reaches it. null = by seat count: 40 / 35 / 30 for 2 / 3 / 4 players.'),
  tieBreak: z
    .enum(['LAST_TO_PLAY', 'LAST_ROUND_POINTS'])
    .default('LAST_TO_PLAY')
    .describe(
      'docs/rules/sea-salt-and-paper.md §4.4. A tie for the highest total: LAST_TO_PLAY, the tied player who played last in the final round wins; LAST_ROUND_POINTS (as on Board Game Arena), the tied player who scored most in the final round wins.',
    ),
  lastToPlayScope: z
    .enum(['RANK_TIED_PLAYERS', 'LAST_PLAYER_ONLY'])
    .default('RANK_TIED_PLAYERS')
    .describe(
      'docs/rules/sea-salt-and-paper.md §4.4, with LAST_TO_PLAY: RANK_TIED_PLAYERS ranks the tied players by the time of their last turn in the final round, latest wins. LAST_PLAYER_ONLY: only the player who played the very last turn breaks the tie; if that player is not tied, the win is shared.',
    ),
  lastRoundPointsTie: z
    .enum(['SHARED', 'LAST_TO_PLAY'])
    .default('SHARED')
    .describe('docs/rules/sea-salt-and-paper.md §4.4, with LAST_ROUND_POINTS: players still tied on last-round points share the win (SHARED), or are ranked by their last turn (LAST_TO_PLAY).'),
  whiteCountsAsColour: z
    .boolean()
    .default(true)
    .describe('docs/rules/sea-salt-and-paper.md §2.3. The mermaids are white; true counts white as a colour for the mermaids and the colour bonus, false ignores it.'),
  lastChanceRevealTiming: z
    .enum(['AFTER_OWN_FINAL_TURN', 'AT_ROUND_END'])
    .default('AFTER_OWN_FINAL_TURN')
    .describe(
      'docs/rules/sea-salt-and-paper.md §3 LAST CHANCE. AFTER_OWN_FINAL_TURN reveals and protects each player\'s hand right after their final turn; AT_ROUND_END reveals the other hands only when the round ends, so they can be robbed until then.',
    ),
  callerHandProtected: z
    .boolean()
    .default(true)
    .describe('docs/rules/sea-salt-and-paper.md §3 LAST CHANCE. true protects the caller\'s revealed hand from Shark+Swimmer during the final turns; false lets it be robbed.'),
  emptyDeckCheckBeforeBoatExtraTurn: z
    .boolean()
    .default(false)
    .describe(
      'docs/rules/sea-salt-and-paper.md §3 special case. false checks the empty draw pile only at the end of a whole turn, so a Boat extra turn may start with an empty pile; true also checks it when a Boat duo would start an extra turn (the round then ends unscored).',
    ),
  emptyDeckAfterLastChance: z
    .enum(['ROUND_CONTINUES', 'ROUND_VOID'])
    .default('ROUND_CONTINUES')
    .describe(
      'docs/rules/sea-salt-and-paper.md §3 special case, E9, E10. ROUND_CONTINUES ignores an empty draw pile once LAST CHANCE is called (final turns use the discard piles); ROUND_VOID (the empty-pile rule read literally) ends the round unscored at the end of a final turn that leaves the pile empty; a call made on a pile that was already empty stands (E9).',
    ),
  emptyDeckNextStarter: z
    .enum(['LEFT_OF_LAST_PLAYER', 'LEFT_OF_PREVIOUS_STARTER'])
    .default('LEFT_OF_LAST_PLAYER')
    .describe(
      'docs/rules/sea-salt-and-paper.md §2.4 step 4. After a round ended by an empty draw pile, the next round starts left of the player whose turn emptied it (LEFT_OF_LAST_PLAYER), or left of the previous round\'s first player (LEFT_OF_PREVIOUS_STARTER).',
    ),
  allowDuoWithoutEffect: z
    .boolean()
    .default(true)
    .describe('docs/rules/sea-salt-and-paper.md §3 Phase 2, E5. true lets a duo be played when its effect is impossible (it scores, the effect is skipped); false refuses such a duo.'),
  nothingToTake: z
    .enum(['SKIP_TO_DUOS', 'SKIP_TURN'])
    .default('SKIP_TO_DUOS')
    .describe(
      'docs/rules/sea-salt-and-paper.md E4. When the draw pile and both discard piles are empty at the start of a turn, SKIP_TO_DUOS skips Phase 1 and lets the player play duos; SKIP_TURN lets the player only end the turn.',
    ),
});

export type Options = z.output<typeof options>;

/** §2.4 (docs/rules/sea-salt-and-paper.md): the target score by seat count, unless the option fixes one. */
export function targetScore(seats: number, o: Options): number {
  return o.targetScore ?? ({ 2: 40, 3: 35, 4: 30 } as Record<number, number>)[seats] ?? 30;
}
