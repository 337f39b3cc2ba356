/**
 * Sea Salt & Paper's events as zod schemas: the source of their published JSON Schema
 * (gameTypes.events, docs/analytics.md) and of their TypeScript types (events.ts infers them).
 * Cards are card ids; `null` stands where the viewer may not know a card (view.ts `redact`).
 */
import { z } from 'zod';

const seat = z.number().int().min(0).describe('Seat number, from 0');
const card = z.number().int().min(0).describe('A card id');
const pile = z.number().int().min(0).max(1).describe('Discard pile: 0 (left) or 1 (right)');
const hidden = (what: string) => card.nullable().describe(`${what}; null for a viewer who may not know it`);
const call = z.enum(['STOP', 'LAST_CHANCE']);
const perSeat = (what: string) => z.array(z.number()).nullable().describe(`${what} by seat; null for an unscored round`);

export const SEA_SALT_AND_PAPER_EVENT_SCHEMAS = {
  RoundStarted: z
    .object({
      type: z.literal('RoundStarted'),
      round: z.number().int().min(1),
      starter: seat.describe('Who takes the first turn'),
      deckCount: z.number().int(),
      discards: z.tuple([card, card]).describe('The top card of each discard pile'),
      deck: z.array(card).nullable().describe('The deck order; never shown to a viewer (null)'),
    })
    .describe('A round started'),
  Drew: z.object({ type: z.literal('Drew'), seat, count: z.number().int(), cards: z.array(card).nullable().describe('The cards drawn; null for everyone else') }).describe('A seat drew from the deck'),
  Kept: z
    .object({ type: z.literal('Kept'), seat, card: hidden('The card kept'), discarded: card.describe('The card discarded (public)'), pile })
    .describe('A seat kept one drawn card and discarded the other'),
  TookDiscard: z.object({ type: z.literal('TookDiscard'), seat, pile, card }).describe('A seat took the top card of a discard pile'),
  DuoPlayed: z
    .object({ type: z.literal('DuoPlayed'), seat, cards: z.tuple([card, card]), duo: z.enum(['crab', 'boat', 'fish', 'sharkSwimmer']), effect: z.boolean().describe('Whether its effect applied') })
    .describe('A seat played a duo'),
  PileChosen: z.object({ type: z.literal('PileChosen'), seat, pile }).describe('Crab duo: a seat chose a discard pile to look through'),
  CardTaken: z.object({ type: z.literal('CardTaken'), seat, pile, card: hidden('The card taken') }).describe('Crab duo: a seat took a card from the pile'),
  FishDrew: z.object({ type: z.literal('FishDrew'), seat, card: hidden('The card drawn') }).describe('Fish duo: a seat drew the deck’s top card'),
  Stole: z
    .object({ type: z.literal('Stole'), seat, from: seat.describe('The seat stolen from'), card: hidden('The card stolen'), victimRevealed: z.boolean() })
    .describe('Shark and Swimmer duo: a seat stole a random card from another'),
  TurnEnded: z.object({ type: z.literal('TurnEnded'), seat, next: seat.nullable().describe('Who plays next; null when the round ends here') }).describe('A turn is over'),
  Called: z.object({ type: z.literal('Called'), seat, call, hand: z.array(card).describe('The caller’s hand, revealed') }).describe('A seat called STOP or LAST CHANCE'),
  HandRevealed: z.object({ type: z.literal('HandRevealed'), seat, hand: z.array(card) }).describe('A hand was revealed'),
  RoundEnded: z
    .object({
      type: z.literal('RoundEnded'),
      round: z.number().int().min(1),
      reason: z.enum(['STOP', 'LAST_CHANCE', 'EMPTY_DECK']).describe('How the round ended'),
      caller: seat.nullable().describe('The caller, or null when the deck ran out'),
      betWon: z.boolean().nullable().describe('LAST CHANCE only: whether the caller won the bet'),
      hands: z.array(z.array(card)).nullable().describe('Every hand, revealed; null for an unscored round'),
      played: z.array(z.array(card)).nullable().describe('The played duos of each seat; null for an unscored round'),
      cardPoints: perSeat('Card points'),
      colourBonus: perSeat('Colour bonus'),
      scores: z.array(z.number()).describe('Round scores by seat'),
      totals: z.array(z.number()).describe('Totals by seat'),
      nextStarter: seat.describe('Who plays first in the next round'),
    })
    .describe('The round ended and was scored'),
  GameOver: z.object({ type: z.literal('GameOver'), reason: z.enum(['TARGET', 'FOUR_MERMAIDS']), winners: z.array(seat), scores: z.array(z.number()) }).describe('The game is over'),
};

