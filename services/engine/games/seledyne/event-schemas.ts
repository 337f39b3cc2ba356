/**
 * Seledyne's events as zod schemas: the source of their published JSON Schema (gameTypes.events,
 * docs/analytics.md) and of their TypeScript types (events.ts infers them). `null` stands where the
 * viewer may not know a card or a choice (view.ts `redact`).
 */
import { z } from 'zod';
import { HOUSE_IDS } from './cards.js';

/** A die's face: 1 up to the game's `dieFaces` option (at most 12). */
const face = z.number().int().min(1).max(12).describe('A die face, 1 to the game’s dieFaces');
const seat = z.number().int().min(0).describe('Seat number, from 0');
const card = z
  .object({
    id: z.string().describe('Card id'),
    house: z.enum(HOUSE_IDS).describe('The house it belongs to'),
    value: z.number().int(),
    special: z.enum(['EXCHANGE', 'SUM']).nullable().describe('Its special power, or null'),
  })
  .describe('A card');
const hidden = (what: string) => card.nullable().describe(`${what}; null for a viewer who may not know it`);
const hiddenCards = (what: string) => z.array(card).nullable().describe(`${what}; null for a viewer who may not see them`);

export const SELEDYNE_EVENT_SCHEMAS = {
  StageStarted: z
    .object({ type: z.literal('StageStarted'), stage: z.number().int().min(1), startSeat: seat, hands: z.array(hiddenCards('A seat’s hand')), reserves: z.array(hiddenCards('A seat’s reserve')) })
    .describe('A stage began: every card back to its owner, a fresh hand and reserve per seat'),
  RoundDrawChosen: z
    .object({ type: z.literal('RoundDrawChosen'), seat, draw: z.boolean().nullable().describe('Whether it draws; null for everyone else'), card: hidden('The card drawn') })
    .describe('A seat chose whether to draw this round (hidden until all have chosen)'),
  RoundDrawResolved: z.object({ type: z.literal('RoundDrawResolved'), draws: z.array(z.object({ seat, card: hidden('The card drawn') })) }).describe('Every draw choice is in: who drew'),
  Rolled: z.object({ type: z.literal('Rolled'), dice: z.array(face).describe('The dice, in seat order') }).describe('The dice were rolled'),
  SixRuleChosen: z
    .object({ type: z.literal('SixRuleChosen'), seat, use: z.boolean().nullable().describe('Whether it uses the Six Rule; null for everyone else'), card: hidden('The card it gives up') })
    .describe('A seat chose whether to use the Six Rule (hidden until all have chosen)'),
  SixRuleResolved: z
    .object({ type: z.literal('SixRuleResolved'), results: z.array(z.object({ seat, use: z.boolean(), card: hidden('The card given up') })) })
    .describe('Six Rule choices revealed and applied: a user’s die becomes 5'),
  Exchanged: z
    .object({ type: z.literal('Exchanged'), seat, at: z.enum(['T0', 'T3', 'T5']).describe('When in the round'), give: hidden('The card given'), take: hidden('The card taken') })
    .describe('A seat exchanged a card'),
  TributeSelected: z.object({ type: z.literal('TributeSelected'), seat, card }).describe('A counter card was added to the tribute being built'),
  Tributed: z
    .object({
      type: z.literal('Tributed'),
      seat,
      cards: z.array(card),
      boost: z.boolean(),
      effectiveDie: z.number().int().describe('The die as the tribute counts it'),
      drawsEarned: z.number().int().min(0).describe('Six-Multiple draws earned'),
    })
    .describe('A tribute moved to Isthām'),
  SixMultipleDrawn: z.object({ type: z.literal('SixMultipleDrawn'), seat, card: hidden('The card drawn') }).describe('An earned card was drawn'),
  DrawsStopped: z.object({ type: z.literal('DrawsStopped'), seat }).describe('A seat stopped drawing its earned cards'),
  Gifted: z
    .object({ type: z.literal('Gifted'), seat, target: seat.describe('Whose counter received them'), cards: z.array(card), difference: z.number().int().describe('What the gift paid') })
    .describe('Cards were given from a hand to a counter'),
  LastRoundTriggered: z.object({ type: z.literal('LastRoundTriggered'), seat }).describe('A seat gave away its last house card: this round is the last'),
  TurnEnded: z
    .object({ type: z.literal('TurnEnded'), seat, gifted: z.boolean().describe('false is a pass'), auto: z.boolean().describe('Ended by the server: nothing else could be done') })
    .describe('A turn ended'),
  RoundEnded: z.object({ type: z.literal('RoundEnded'), round: z.number().int().min(1), startSeat: seat }).describe('A new round begins with this number and start seat'),
  RoundsRolled: z
    .object({
      type: z.literal('RoundsRolled'),
      round: z.number().int().min(1).describe('The number of the first of these rounds'),
      startSeat: seat.describe('Who starts the first of these rounds; each next round, the next seat'),
      dice: z.array(z.array(face)).min(1).describe('Each round’s dice, in seat order'),
      turnsEnded: z.number().int().min(0).describe('How many turns of the last round ended with nothing to play (every turn of the rounds before it did)'),
    })
    .describe(
      'Rounds that played themselves with every reserve empty: each began, nobody drew, the dice were rolled and each turn ended with nothing to play. Stands for the RoundEnded, RoundDrawResolved, Rolled and TurnEnded (auto) events of each round, which games stored before it hold',
    ),
  StageEnded: z
    .object({
      type: z.literal('StageEnded'),
      stage: z.number().int().min(1),
      reason: z.enum(['lastRound', 'noLegalGift', 'deadlock', 'roundCap']).describe('Why the stage ended'),
      scores: z
        .array(
          z.object({
            seat,
            positive: z.number().describe('Points for cards in Isthām'),
            negative: z.number().describe('Sum of the cards left in the counter'),
            score: z.number(),
            total: z.number().describe('The running total after the floor'),
            raw: z.number().describe('The running sum without the floor'),
          }),
        )
        .describe('Each seat’s stage score'),
      startSeat: seat.nullable().describe('Who holds the marker next; null after the last stage'),
      winners: z.array(seat).nullable().describe('The winners, when the game is over'),
    })
    .describe('The stage was scored'),
};

