/**
 * SCOUT's events as zod schemas: the source of their published JSON Schema (gameTypes.events,
 * docs/analytics.md) and of their TypeScript types (events.ts infers them). `null` stands where the
 * viewer may not know a part (view.ts `redact`).
 */
import { z } from 'zod';

const seat = z.number().int().min(0).describe('Seat number, from 0');
const card = z
  .object({ id: z.number().int().describe('Card id, 0–44'), lo: z.number().int().describe('The lower number'), hi: z.number().int().describe('The higher number'), up: z.number().int().describe('The number it is played as (lo or hi)') })
  .describe('A card as it lies');
const round = z.number().int().min(1).describe('Round number, from 1');
const hidden = <T extends z.ZodType>(schema: T, what: string) => schema.nullable().describe(`${what}; null for a viewer who may not know it`);

export const SCOUT_EVENT_SCHEMAS = {
  RoundDealt: z
    .object({
      type: z.literal('RoundDealt'),
      round,
      startPlayer: seat,
      hands: z.array(hidden(z.array(card), "A seat's hand, left to right")).describe('Each seat’s hand'),
      handSizes: z.array(z.number().int()).describe('Cards in each hand'),
      setAside: hidden(z.array(card), '2 seats, round 1: the cards kept for round 2 (hidden from everyone)'),
      setAsideCount: z.number().int().describe('How many cards are set aside'),
    })
    .describe('A round was dealt'),
  RotationChosen: z.object({ type: z.literal('RotationChosen'), seat, rotate: hidden(z.boolean(), 'Whether the seat turned its hand around') }).describe('A seat chose whether to turn its hand around'),
  PlayBegan: z.object({ type: z.literal('PlayBegan'), round, player: seat.describe('The start player') }).describe('Every seat has chosen: the start player takes the first turn'),
  ScoutShowStarted: z
    .object({ type: z.literal('ScoutShowStarted'), seat, showFollows: z.boolean().optional().describe('false when no Show can follow (option scoutShowOnlyWhenShowFollows off); absent means true') })
    .describe('A seat gave up its Scout & Show chip: a Scout and then a Show follow'),
  Scouted: z
    .object({
      type: z.literal('Scouted'),
      seat,
      end: z.enum(['left', 'right']).describe('The end of the Active Set the card was taken from'),
      card: card.describe('The card as it lay in the set'),
      flip: hidden(z.boolean(), 'Whether the scout turned it over'),
      at: hidden(z.number().int().min(0), 'Where it went in the hand'),
      atPublic: z.boolean().describe('Whether insert positions are public in this game'),
      chipTo: seat.nullable().describe('3–5 seats: the Owner who takes a Scout chip from the supply'),
      paid: z.boolean().describe('2 seats: the scout paid one of its own chips'),
    })
    .describe('A card was scouted from an end of the Active Set into a hand'),
  Shown: z
    .object({
      type: z.literal('Shown'),
      seat,
      from: z.number().int().min(0).describe('First hand position of the set'),
      to: z.number().int().min(0).describe('Last hand position of the set'),
      cards: z.array(card).describe('The set shown'),
      captured: z.number().int().min(0).describe('Cards of the previous Active Set the seat captured'),
    })
    .describe('A set was shown from a hand and became the Active Set'),
  Passed: z.object({ type: z.literal('Passed'), seat }).describe('2 seats with twoPlayerAllowPass: a seat stopped the round'),
  RoundEnded: z
    .object({
      type: z.literal('RoundEnded'),
      round,
      reason: z.enum(['empty-hand', 'scouted-around', 'cannot-act', 'passed', 'action-limit']).describe('Why the round ended'),
      exempt: seat.nullable().describe('The Owner exempt from the hand penalty, or null'),
      scores: z
        .array(
          z.object({
            captured: z.number().int(),
            scoutChips: z.number().int(),
            handCards: z.number().int(),
            handPenalty: z.number().int().describe('Hand cards subtracted (0 for the exempt seat)'),
            score: z.number().int().describe('The round score'),
          }),
        )
        .describe('Each seat’s round score and its parts'),
      totals: z.array(z.number().int()).describe('Totals after the round'),
    })
    .describe('The round is over (counts only: hands are not revealed)'),
};

