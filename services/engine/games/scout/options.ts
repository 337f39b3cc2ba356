/**
 * Options (docs/rules/scout.md §7). Where the published rules leave a point open, the default
 * is the reading the rules document gives and the other reading is the option's other value;
 * each description names the section or edge case (§…, E…) of that document.
 */
import { z } from 'zod';

export const options = z.object({
  ownerPersistsWhenSetEmptied: z
    .boolean()
    .default(true)
    .describe(
      'docs/rules/scout.md §3.4 step 5, E4. true: when a Scout takes the last card of the Active Set its Owner stays, the consecutive-scouts count goes on, and if that was the last of the others\' scouts the round ends with the Owner exempt. false: an emptied set has no Owner, the count resets and the next player must Show on an empty table.',
    ),
  twoPlayerAllowPass: z
    .boolean()
    .default(false)
    .describe(
      'docs/rules/scout.md §3.6. 2 players only. false: a player who can Show or pay to Scout must do one of them. true: a player facing a set may pass voluntarily, which ends the round as condition 2 with the Owner exempt.',
    ),
  twoPlayerUnspentChipsScore: z
    .boolean()
    .default(true)
    .describe('docs/rules/scout.md §3.6. 2 players only. true: Scout chips still held at round end score +1 each. false: they score nothing.'),
  hideScoutInsertPosition: z
    .boolean()
    .default(false)
    .describe(
      'docs/rules/scout.md §5. false: everyone sees where a scouted card enters the hand (as at a real table). true: only the scout sees the position; others learn only which card was taken. The chosen orientation is hidden either way.',
    ),
  startSeat: z
    .number()
    .int()
    .min(0)
    .max(4)
    .nullable()
    .default(null)
    .describe('docs/rules/scout.md §2.3 game setup step 1. null: the first round\'s start player is drawn at random. A seat number: that seat starts round 1. Either way the role passes to the left each round (§4.3).'),
  simultaneousRotation: z
    .boolean()
    .default(true)
    .describe(
      'docs/rules/scout.md §2.3 round setup step 4. true: every player chooses at once whether to rotate the hand, hidden. false: they choose one at a time in turn order from the start player (still hidden). Others only ever learn that a choice was made.',
    ),
  scoutShowOnlyWhenShowFollows: z
    .boolean()
    .default(true)
    .describe(
      'docs/rules/scout.md §3.5 step 7, E6. true: Scout & Show is offered and accepted only when a Show can follow its scout, so nobody scouts and gets stuck. false: it may be started whenever the chip is held and the Active Set has a card; when no Show can follow the scout, the action ends as a plain Scout (the chip is spent, the Owner takes a Scout chip, the turn passes and the scout counts toward condition 2).',
    ),
  roundActionLimit: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .nullable()
    .default(null)
    .describe(
      'docs/rules/scout.md §4.1 condition 3, E15. null: a round ends only by the rules\' conditions, and can go on for ever (3–5 players showing and scouting back single cards). A number: once a round has seen that many actions (each Show, Scout or Scout & Show is one) without ending, it ends and is scored with nobody exempt.',
    ),
});

export type Options = z.infer<typeof options>;
