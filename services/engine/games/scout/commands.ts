/**
 * Moves, as a third-party client sends them. Hand positions are 0-based, left to right.
 *
 * Scout & Show is offered by `legalCommands` in two steps: `{type:'scoutShow', end, flip, at}`
 * (pays the chip and scouts; offered only if a Show is then possible) and then a `show`.
 * `decide` also accepts the atomic form with `from` and `to` (the rule tests use it); the table
 * (core/listed.ts) takes only the listed steps.
 */
import { z } from 'zod';

const position = z.number().int().min(0).max(99);
const end = z.enum(['left', 'right']).describe('Which end of the Active Set the card is taken from; a one-card Active Set is taken as `left`.');
const flip = z.boolean().describe('true: turn the scouted card so its other number becomes its active value.');
const at = position.describe('Where the card enters your hand: 0 = before the first card, n = after the last.');

export const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rotate'), rotate: z.boolean().describe('true: turn the whole hand 180° (every card flips, the order reverses).') }).describe('Round start: rotate the hand or keep it.'),
  z
    .object({ type: z.literal('show'), from: position.describe('First card of the set (inclusive).'), to: position.describe('Last card of the set (inclusive).') })
    .describe('Show the contiguous cards from..to of your hand.'),
  z.object({ type: z.literal('scout'), end, flip, at }).describe('Take one card from an end of the Active Set into your hand.'),
  z
    .object({ type: z.literal('scoutShow'), end, flip, at, from: position.optional(), to: position.optional() })
    .describe('Scout & Show: pay the chip and scout, then a show must follow. The server takes it in these two steps, as legalMoves lists them; from/to (the rules\' one-step form) is refused.'),
  z.object({ type: z.literal('pass') }).describe('2 players, only with the twoPlayerAllowPass option: stop and end the round.'),
]);

export type Command = z.infer<typeof command>;
export type End = z.infer<typeof end>;
