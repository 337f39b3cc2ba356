/**
 * Options: the deck (edition + mix), the token, and every ASSUMPTION of the spec as a named
 * option whose default is the spec's reading (/work/shared/rules/silver.md).
 */
import { z } from 'zod';
import { EDITIONS, PROMO_NUMBERS } from './cards.js';

const flag = (d: boolean, text: string) => z.boolean().default(d).describe(text);
const pick = <T extends readonly [string, ...string[]]>(values: T, d: T[number], text: string) => z.enum(values).default(d as never).describe(text);

export const options = z.object({
  edition: pick(['dagger', 'coin', 'amulet'] as const, 'dagger', 'The base deck: Silver Dagger, Silver Coin or Silver/Silver Amulet (§0.1). Every number comes from it unless `mix` says otherwise.'),
  mix: z
    .record(z.string(), z.enum(EDITIONS))
    .default({})
    .describe('Mixing (§7): per card number "0"–"13", the edition whose cards replace all cards of that number: amulet, bullet, coin, dagger or promo (promo supplies only 0, 3, 5, 12). The deck always keeps two 0s and 13s and four each of 1–12.')
    .superRefine((mix, ctx) => {
      for (const [k, ed] of Object.entries(mix)) {
        const n = Number(k);
        if (!/^(?:[0-9]|1[0-3])$/.test(k)) ctx.addIssue({ code: 'custom', message: `mix key ${k} is not a card number 0–13` });
        else if (ed === 'promo' && !PROMO_NUMBERS.includes(n)) ctx.addIssue({ code: 'custom', message: `the promo cards have no number ${k}` });
      }
    }),
  token: z
    .enum(['dagger', 'coin', 'amulet', 'bullet'])
    .nullable()
    .default(null)
    .describe('The silver token (§5, §0.2.17): dagger, coin or amulet; null = the base edition’s own token.'),
  rounds: z.number().int().min(1).max(8).default(4).describe('Rounds in a game: 4 [S000] (§2.4).'),
  firstStartPlayer: z
    .union([z.literal('random'), z.number().int().min(0).max(3)])
    .default('random')
    .describe('Round-1 start player (Q18): "random" [UBG] or a seat number (chosen by agreement [S000]).'),
  simultaneousPeek: flag(true, 'ASSUMPTION §2.2.9/§0.2.18: all players peek at their two cards at the same time; false = one after another from the start player.'),
  zombieSetupReflip: flag(true, 'ASSUMPTION §2.2.5: a Zombie flipped to start the discard pile is shuffled back and another card flipped; false = it stays.'),
  deckOutCheck: pick(['whenEmptied', 'atTurnEnd'] as const, 'whenEmptied', 'PLACEHOLDER'),
  zombieGiveWholeTurn: flag(true, 'PLACEHOLDER'),
  finalTurnExtras: flag(true, 'ASSUMPTION §3.4/Q22: in a final turn (after a call) Zombie gifts, Squire takes and free actions (face-up powers, token) are allowed; false = only Draw or Take [BGA].'),
  activatedPowerLimit: pick(['perCard', 'perTurn'] as const, 'perCard', 'ASSUMPTION §3.6: each face-up activated card once per turn (perCard), or one activation per turn in all (perTurn).'),
  newlyFaceUpUsable: flag(true, 'ASSUMPTION §3.6: a card that becomes face-up during your turn may be activated later that turn.'),
  criticalFailure: pick(['threeCards', 'threeValues'] as const, 'threeCards', 'Q2 / §3.7.5: the extra penalty card after a failed exchange of 3+ chosen cards (threeCards) or of 3+ distinct values (threeValues).'),
  villagerCheck: pick(['anyEvent', 'endOfMove'] as const, 'anyEvent', 'PLACEHOLDER'),
  villagerEndKeepsCall: flag(true, 'ASSUMPTION §4.1 #0: when two Villagers end the round, an earlier call still gets the caller evaluation.'),
  squireDisplay: pick(['perSquire', 'one'] as const, 'perSquire', 'Q8: one displayed card per face-up Squire [KR-LJY], or a single display card [S001].'),
  squireTakeIsDraw: flag(true, 'ASSUMPTION §4.1 #1: a taken display card counts as drawn from the deck (its discard power may be used).'),
  rascalExtra: pick(['returnTop', 'discard'] as const, 'returnTop', 'ASSUMPTION §4.1 #4 / Q11: the Rascal’s unkept extra cards go back on top of the deck (returnTop) or are discarded without power.'),
  masterTake: pick(['exchange', 'add'] as const, 'exchange', 'Q13 / §4.1 #10: the Master’s card is exchanged like a Take (exchange) or added to the village (add, [GH-SAA] code).'),
  lycanCountsWhenRevealed: flag(false, 'PLACEHOLDER'),
  doppelganger: pick(['wildcard', 'strictPair'] as const, 'wildcard', 'Q14 / §4.1 #13: the Doppelgänger matches any set (wildcard) or only a pair of two cards (strictPair).'),
  amuletBindsOwner: flag(true, 'ASSUMPTION §5.1 / Q7: the amulet card cannot be moved, flipped, exchanged, discarded or rotated by its owner either.'),
  amuletTokenBlocksCall: flag(true, 'ASSUMPTION §3.4: like the coin and dagger, using the amulet forbids calling in that turn.'),
  curatorScope: pick(['own', 'any'] as const, 'own', 'Q12: the Curator discards a rotated card of your own village (own) or of any village (any).'),
  coinAssassinGuess: flag(false, 'ASSUMPTION §4.3 #8 (low confidence, not a published power): the Coin 8 discard power "discard one of your face-up cards". Off = value only.'),
  coinGenerousGuess: flag(false, 'ASSUMPTION §4.3 #0 (low confidence, not a published power): at scoring a face-up Coin 0 gives one card to another player. Off = value only.'),
  approximatorAnyTwo: flag(true, 'ASSUMPTION §4.4 #5: the Approximator, drawn, replaces any two cards of your village face-up; false = value only.'),
  reverserTwoPlayer: pick(['skip', 'none'] as const, 'skip', 'Q9: with 2 players the Reverser skips the opponent’s next turn (skip) or does nothing (none).'),
  masterThiefLooks: flag(false, 'ASSUMPTION §4.4 #12: the Master Thief looks at the card received.'),
  debtCollector: pick(['allOpponents', 'mostCards'] as const, 'allOpponents', 'ASSUMPTION §4.4 #0: the Debt Collector subtracts 1 per card in all opponents’ villages, or in the fullest opponent village only.'),
  halflingRounding: pick(['down', 'up'] as const, 'down', 'ASSUMPTION §4.4 #2: the Halfling halves your total rounding down or up.'),
  scoringPowersOptional: flag(true, 'Rules §4.4 #0/#2: the holder of a face-up Debt Collector or Halfling chooses at scoring whether to apply it (the cards say it "can"); false = applied by force.'),
  halflingStacks: flag(true, 'ASSUMPTION §4.4 #2: each face-up Halfling halves once more; false = only once.'),
  commanderKeptCounts: flag(true, 'ASSUMPTION §4.5: the card kept with a Commander still counts for this round.'),
  commanderPerCard: flag(true, 'ASSUMPTION §4.5: one card kept per face-up Commander; false = one per player.'),
  commanderOptional: flag(true, 'ASSUMPTION §0.2.3: keeping a card with the Commander may be declined.'),
  princeBindsOwner: flag(false, 'ASSUMPTION §0.2.14: the Prince also stops its owner from exchanging, discarding or flipping their own face-up cards.'),
  looterOrder: pick(['clockwise', 'playDirection'] as const, 'clockwise', 'ASSUMPTION §4.5: after your own village the Looter goes clockwise (clockwise) or in the current play direction.'),
  looterDeckOut: pick(['stop', 'burnRest'] as const, 'stop', 'ASSUMPTION §0.2.13: when the deck runs out during a Looter, the rest of the face-up cards stay (stop) or are burnt unreplaced (burnRest).'),
  looterExemptsProtected: flag(true, 'ASSUMPTION §4.5: the Looter skips cards protected by another player’s Prince, a Bodyguard or the amulet.'),
  daggerScoringOrder: pick(['valueMajor', 'playerMajor'] as const, 'valueMajor', 'ASSUMPTION §0.2.4 / §6.3: scoring powers resolve number by number, each for every player (valueMajor), or player by player.'),
  callerCompareAfterPowers: flag(true, 'ASSUMPTION §6.4: the caller’s total is compared after scoring powers.'),
  tieKeeperActive: pick(['literal', 'onlyIfCaller'] as const, 'literal', '§0.2.5 / Q5: a tied possessor keeps the token and its power (literal), or its power only if they were the successful caller.'),
  tieScanCallerActive: flag(true, 'PLACEHOLDER'),
  tieScanIncludesStartPlayer: flag(true, 'ASSUMPTION §0.2.6: the clockwise scan for the next start player after a tie starts with the start player.'),
  tieMeasure: pick(['roundScore', 'villageTotal'] as const, 'roundScore', 'ASSUMPTION §0.2.7: the lowest player (token) is found by round score, or by village total.'),
  finalTieHolder: pick(['afterLastRound', 'duringLastRound'] as const, 'afterLastRound', 'ASSUMPTION §0.2.8: the token holder that breaks the game tie is the one after the last round’s assignment, or the one during the last round.'),
  finalTieNeedsActiveToken: flag(false, 'ASSUMPTION §0.2.8: for the game tie-break the token counts only if active.'),
  discardTakeDisablesFU: flag(false, '§0.2.9: a card taken from the discard pile has no face-up power either ([S001] reading).'),
  daggerSkipAllowsCall: flag(true, 'ASSUMPTION §5.4: in the extra turn after a 2-player dagger skip the player may call.'),
});

export type Options = z.infer<typeof options>;
