/**
 * Silver's events as zod schemas: the source of their published JSON Schema (gameTypes.events,
 * docs/analytics.md). Cards are numbers 0–13; `null` stands where the viewer may not know a card
 * (view.ts `redact`). events.ts infers the TypeScript types from these.
 */
import { z } from 'zod';
import { EDITIONS } from './cards.js';

const seat = z.number().int().min(0).describe('Seat number, from 0');
const card = z.number().int().min(0).max(13).describe('A card number, 0–13');
const slot = z.object({ s: seat.describe('Village owner'), p: z.number().int().min(0).describe('Position in the village') });
const cardId = z.number().int().min(0).describe('A card id: the deal and the shuffles name each physical card (the deck holds several of a number)');
const hiddenIds = (what: string) => z.array(cardId).nullable().describe(`${what}, as card ids; never shown to a viewer (null)`);
const loc = z
  .union([
    z.object({ z: z.literal('deck') }),
    z.object({ z: z.literal('discard') }),
    z.object({ z: z.literal('bottom') }),
    z.object({ z: z.literal('pile'), i: z.number().int() }),
    z.object({ z: z.literal('display'), i: z.number().int() }),
    z.object({ z: z.literal('hand'), i: z.number().int() }),
    z.object({ z: z.literal('village'), s: seat, p: z.number().int() }),
    z.object({ z: z.literal('kept'), s: seat, i: z.number().int() }),
  ])
  .describe('A place a card can be: deck top, discard top or bottom, a discard index, the display, the hand, a village slot, kept aside');
const vis = z.union([z.literal('all'), z.literal('none'), seat]).describe('Who may see the card: everyone, nobody, or one seat');
const scores = z.array(z.number()).describe('Totals by seat');

export const SILVER_EVENT_SCHEMAS = {
  RoundDealt: z
    .object({
      type: z.literal('RoundDealt'),
      round: z.number().int().min(1),
      start: seat.describe('The first to play'),
      villages: z.array(z.array(cardId)).nullable().describe('Every village, face down, as card ids; never shown to a viewer (null)'),
      box: hiddenIds('Cards left in the box'),
      deck: hiddenIds('The deck, top first'),
      sizes: z.object({ villages: z.array(z.number().int()), box: z.number().int(), deck: z.number().int() }).describe('Counts everyone sees'),
    })
    .describe('A round was dealt'),
  DeckShuffled: z.object({ type: z.literal('DeckShuffled'), deck: hiddenIds('The new deck order'), size: z.number().int() }).describe('The discard pile was shuffled into a new deck'),
  Move: z
    .object({
      type: z.literal('Move'),
      from: loc,
      to: loc,
      card: card.nullable().describe('The card moved; null for a viewer who may not see it'),
      vis,
      up: z.boolean().optional().describe('Face up where it lands'),
      learn: z.boolean().optional().describe('The receiving seat learns the card'),
      pub: z.boolean().optional().describe('Everyone learns the card'),
    })
    .describe('A card moved from one place to another'),
  Flip: z.object({ type: z.literal('Flip'), s: seat, p: z.number().int(), up: z.boolean(), card }).describe('A village card was turned over'),
  Swap: z.object({ type: z.literal('Swap'), a: slot, b: slot }).describe('Two village cards changed places'),
  Saw: z
    .object({ type: z.literal('Saw'), seat, at: z.union([slot, z.literal('deck')]).describe('The village slot, or the deck top'), card: card.nullable().describe('What it saw; null for everyone else') })
    .describe('A seat looked secretly at a card'),
  Peeked: z.object({ type: z.literal('Peeked'), seat, positions: z.array(z.number().int()).nullable().describe('Which own cards; null for everyone else'), cards: z.array(card).nullable().describe('The cards seen; null for everyone else') }).describe('A seat looked at its own village cards at the round start'),
  Rotated: z.object({ type: z.literal('Rotated'), s: seat, p: z.number().int() }).describe('A village card was rotated'),
  Reversed: z.object({ type: z.literal('Reversed'), seat, direction: z.union([z.literal(1), z.literal(-1)]), skip: z.boolean() }).describe('The direction of play changed'),
  TokenUsed: z.object({ type: z.literal('TokenUsed'), seat, blocksCall: z.boolean() }).describe('A seat used its token'),
  AmuletPlaced: z.object({ type: z.literal('AmuletPlaced'), s: seat, p: z.number().int() }).describe('An amulet was placed on a village card'),
  Guarded: z.object({ type: z.literal('Guarded'), s: seat, bodyguard: z.number().int(), p: z.number().int() }).describe('A Bodyguard names the card it protects'),
  Activated: z.object({ type: z.literal('Activated'), seat, position: z.number().int(), card, edition: z.enum(EDITIONS) }).describe('A card’s power was used'),
  MainAction: z.object({ type: z.literal('MainAction'), seat, action: z.enum(['draw', 'take', 'call', 'give']) }).describe('A seat chose its main action'),
  Pending: z
    .object({
      type: z.literal('Pending'),
      pending: z
        .looseObject({ kind: z.enum(['hold', 'rascal', 'place', 'power', 'score', 'commander']).describe('What the seat must decide'), seat })
        .nullable()
        .describe('The decision a seat must make next (its fields depend on the kind); null when none'),
    })
    .describe('The next decision to make'),
  PeekPhase: z.object({ type: z.literal('PeekPhase') }).describe('The round-start look at one’s own cards began'),
  TurnStarted: z.object({ type: z.literal('TurnStarted'), seat, extra: z.boolean().describe('An extra turn') }).describe('A turn began'),
  TurnEnded: z.object({ type: z.literal('TurnEnded'), seat }).describe('A turn ended'),
  RoundEnded: z
    .object({ type: z.literal('RoundEnded'), reason: z.enum(['call', 'deck', 'villagers']).describe('A call, the deck ran out, or the villagers'), villages: z.array(z.array(card)).describe('Every village, revealed') })
    .describe('The round ended; the villages are revealed'),
  ScoreAdjusted: z.object({ type: z.literal('ScoreAdjusted'), seat, op: z.enum(['debt', 'halve']), delta: z.number() }).describe('A scoring power changed a total'),
  KeptForNext: z.object({ type: z.literal('KeptForNext'), seat, position: z.number().int(), card }).describe('A card was kept for the next round'),
  ScoreStepDone: z.object({ type: z.literal('ScoreStepDone') }).describe('A scoring step finished'),
  RoundScored: z
    .object({
      type: z.literal('RoundScored'),
      round: z.number().int().min(1),
      totals: scores.describe('Village totals this round'),
      roundScores: scores.describe('Points scored this round'),
      caller: seat.nullable().describe('Who called, or null'),
      callSucceeded: z.boolean().nullable().describe('Whether the call succeeded, or null'),
      scores: scores.describe('Game totals after the round (lowest wins)'),
    })
    .describe('The round was scored'),
  TokenAssigned: z.object({ type: z.literal('TokenAssigned'), holder: seat, active: z.boolean() }).describe('The token went to a seat'),
  GameOver: z.object({ type: z.literal('GameOver'), scores, winners: z.array(seat) }).describe('The game is over: the lowest total wins'),
};

