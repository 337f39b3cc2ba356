/**
 * Moves, as plain JSON with a `type`. Positions are 0-based indexes in a village row.
 * Compound actions are steps: the game waits for the same seat's next move (see `pending` in the view).
 */
import { z } from 'zod';

const pos = z.number().int().min(0).max(60);
const seat = z.number().int().min(0).max(3);
const end = z.enum(['left', 'right']);

export const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('peek'), positions: z.array(pos).length(2) }).describe('Round start: look at two of your own cards, positions in increasing order.'),
  z.object({ type: z.literal('draw'), display: pos.optional() }).describe('Main action: draw the top deck card, or a Squire display card by index.'),
  z.object({ type: z.literal('take') }).describe('Main action: take the top card of the discard pile (it must be exchanged).'),
  z.object({ type: z.literal('call') }).describe('Main action: call for a vote (4 or fewer cards); every other player gets one more turn.'),
  z.object({ type: z.literal('give'), position: pos, end }).describe('Main action (Zombie): give your face-up Zombie to the previous player, at an end of their village.'),
  z.object({ type: z.literal('activate'), position: pos, option: z.number().int().min(0).max(3) }).describe('Free action: use a face-up card’s activated power (option = which of its powers).'),
  z.object({ type: z.literal('token') }).describe('Free action: use the silver token (once per round, if earned by a successful call).'),
  z.object({ type: z.literal('guard'), bodyguard: pos, position: pos }).describe('Free action: name the card your face-up Bodyguard protects.'),
  z.object({ type: z.literal('end') }).describe('End your turn after the main action.'),
  z.object({ type: z.literal('keep'), index: z.number().int().min(0).max(8) }).describe('Rascal: which of the drawn cards to keep.'),
  z.object({ type: z.literal('discard') }).describe('Discard the drawn card without using its power.'),
  z.object({ type: z.literal('power') }).describe('Use the drawn card’s power (discard power, or drawn-to-village power).'),
  z.object({ type: z.literal('slide'), position: pos }).describe('Mark one of your cards for a multi-card exchange.'),
  z.object({ type: z.literal('unslide'), position: pos }).describe('Return a marked card to its place, when the marked set can no longer be exchanged: marked cards are either exchanged or returned (rules §3.7).'),
  z.object({ type: z.literal('exchange'), positions: z.array(pos).min(1).max(60).optional() }).describe('Exchange the held card for the card at this position, or for the marked ones (no positions). Several cards are exchanged as listed: slide each, then a bare exchange.'),
  z.object({ type: z.literal('place'), position: pos.optional(), end: end.optional() }).describe('Put the held card into the village: at a vacated position, or at an end.'),
  z.object({ type: z.literal('target'), seat, position: pos }).describe('Choose a village card for the current power step.'),
  z.object({ type: z.literal('number'), value: z.number().int().min(0).max(13) }).describe('Choose a card number (Looter).'),
  z.object({ type: z.literal('pile'), index: z.number().int().min(0).max(60) }).describe('Choose a card of the discard pile by index, 0 = bottom (Master).'),
  z.object({ type: z.literal('seat'), seat }).describe('Choose a player for the current power step.'),
  z.object({ type: z.literal('confirm') }).describe('Finish choosing cards for the current power step, or apply an optional scoring power.'),
  z.object({ type: z.literal('skip') }).describe('Decline the current optional step.'),
]);

export type Command = z.infer<typeof command>;
