/**
 * Moves, as small steps (§3). A turn: `draw` then `keep` (which card, and which discard pile gets
 * the other), or `takeDiscard`; then any number of `playDuo` (each followed by its effect's steps:
 * crab `choosePile` then `chooseCard`, shark+swimmer `chooseOpponent`); then `endTurn`, `stop`
 * or `lastChance`. Cards are named by id (0..57, see cards.ts).
 */
import { z } from 'zod';
import { DECK_SIZE } from './cards.js';

const card = z.number().int().min(0).max(DECK_SIZE - 1).describe('a card id');
const pile = z.number().int().min(0).max(1).describe('a discard pile: 0 or 1');

export const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw') }).describe('Phase 1A: draw the top two cards of the draw pile (the last one if only one is left)'),
  z.object({ type: z.literal('keep'), card, pile }).describe('Phase 1A: keep one drawn card; the other goes face up on the discard pile `pile`'),
  z.object({ type: z.literal('takeDiscard'), pile }).describe('Phase 1B: take the top card of a discard pile'),
  z.object({ type: z.literal('playDuo'), cards: z.tuple([card, card]) }).describe('Phase 2: play a pair from your hand and resolve its effect; the two card ids in increasing order'),
  z.object({ type: z.literal('choosePile'), pile }).describe('Crab duo: choose the discard pile to look through'),
  z.object({ type: z.literal('chooseCard'), card }).describe('Crab duo: take this card from the chosen discard pile'),
  z.object({ type: z.literal('chooseOpponent'), opponent: z.number().int().min(0).max(3) }).describe('Shark+Swimmer duo: steal a random card from this seat'),
  z.object({ type: z.literal('endTurn') }).describe('Phase 3: end the turn without calling'),
  z.object({ type: z.literal('stop') }).describe('Phase 3: call STOP (card points ≥ 7): the round ends now'),
  z.object({ type: z.literal('lastChance') }).describe('Phase 3: call LAST CHANCE (card points ≥ 7): every other player takes a final turn'),
]);

export type Command = z.infer<typeof command>;
