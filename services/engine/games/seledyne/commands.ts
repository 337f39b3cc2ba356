/**
 * Seledyne's moves. A turn is a sequence of small steps; the two simultaneous choices
 * (round draw, Six Rule) are one command each.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { z } from 'zod';

const cardId = z.string().min(1).max(12);

export const command = z.discriminatedUnion('type', [
  /** Round draw (§3 R1): take `card` from your reserve (omitted when draws are random, A5). */
  z.object({ type: z.literal('roundDraw'), card: cardId.optional().describe('The reserve card to take; omitted when round draws are random (A5).') }).describe('Round draw (§3 R1): take a card from your reserve into your hand.'),
  /** Decline the round draw (only when `roundDrawMandatory` is false, A7). */
  z.object({ type: z.literal('skipRoundDraw') }).describe('Decline the round draw (only when roundDrawMandatory is false, A7).'),
  /** Six Rule (§3 R3): use it (taking `card` from your reserve, turning the die to 5) or not. */
  z.object({ type: z.literal('sixRule'), use: z.boolean().describe('true: use the Six Rule (your die becomes 5).'), card: cardId.optional().describe('The reserve card the Six Rule gives you; omitted when random.') }).describe('Six Rule (§3 R3): after rolling a 6, use it or not (a simultaneous, hidden choice).'),
  /** Exchange Rule (§4.6): put hand card `give` into your reserve and take reserve card `take`. */
  z.object({ type: z.literal('exchange'), give: cardId.describe('The hand card put into your reserve.'), take: cardId.optional().describe('The reserve card taken into your hand; omitted when random.') }).describe('Exchange Rule (§4.6): swap a hand card with a reserve card.'),
  /**
   * Tribute (§4.3), built one card at a time: add counter card `card` to the tribute. A card is
   * offered only if some tribute containing it leaves a gift reachable; once begun, a tribute is
   * completed (like moving the cards to Isthām at the table, there is no taking it back).
   */
  z.object({ type: z.literal('tribute'), card: cardId.describe('The counter card added to the tribute.') }).describe('Tribute (§4.3): add one of your counter cards to the tribute being built.'),
  /** Move the selected cards to Isthām; `boost` adds their count to your die for this turn's gifts (A10). */
  z.object({ type: z.literal('confirmTribute'), boost: z.boolean().describe("true: add the tribute's card count to your die for this turn's gifts (A10).") }).describe('Move the tribute to Isthām (§4.3).'),
  /** Six-Multiple Rule (§4.7): take one earned card from your reserve (omitted when random). */
  z.object({ type: z.literal('sixMultipleDraw'), card: cardId.optional().describe('The reserve card to take; omitted when random.') }).describe('Six-Multiple Rule (§4.7): take one earned card from your reserve.'),
  /** Decline the remaining Six-Multiple draws (A12). */
  z.object({ type: z.literal('stopDrawing') }).describe('Decline the remaining Six-Multiple draws (A12).'),
  /** Gift (§4.2): hand cards `cards` to seat `target`; one card, or several under the Sum Rule. */
  z
    .object({
      type: z.literal('gift'),
      target: z.number().int().min(0).max(5).describe("The seat whose counter receives the gift."),
      cards: z.array(cardId).min(1).max(10).describe('Hand cards given: one, or several under the Sum Rule, by increasing value (equal values in hand order).'),
    })
    .describe("Gift (§4.2): put hand cards on another seat's counter."),
  /** Pass (§4.4): end the turn without a gift. */
  z.object({ type: z.literal('pass') }).describe('Pass (§4.4): end the turn without a gift.'),
  /** End the turn after gifting. */
  z.object({ type: z.literal('endTurn') }).describe('End the turn after gifting.'),
]);

export type Command = z.infer<typeof command>;
