/**
 * Options: the deck (edition + mix), the token, and every reading the rules leave open as a named
 * option whose default is the reading docs/rules/silver.md gives (each description cites its section).
 */
import { z } from 'zod';
import { EDITIONS, PROMO_NUMBERS } from './cards.js';

/** Where each option's rule is explained. */
const R = 'docs/rules/silver.md';
const flag = (d: boolean, text: string) => z.boolean().default(d).describe(text);
const pick = <T extends readonly [string, ...string[]]>(values: T, d: T[number], text: string) => z.enum(values).default(d as never).describe(text);

export const options = z.object({
  edition: pick(['dagger', 'coin', 'amulet'] as const, 'amulet', `${R} §1: the base deck: Silver (Silver Amulet, the default: every power known), Silver Dagger (8 of 14 powers unknown) or Silver Coin (13 of 14 unknown). Every number comes from it unless \`mix\` says otherwise.`),
  mix: z
    .record(z.string(), z.enum(EDITIONS))
    .default({})
    .describe(`${R} §7: per card number "0"–"13", the edition whose cards replace all cards of that number: amulet, bullet, coin, dagger or promo (promo supplies only 0, 3, 5, 12). The deck always keeps two 0s and 13s and four each of 1–12.`)
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
    .describe(`${R} §5: the silver token: dagger, coin, amulet or bullet; null = the base edition’s own token.`),
  rounds: z.number().int().min(1).max(8).default(4).describe(`${R} §2.4: rounds in a game (4).`),
  firstStartPlayer: z
    .union([z.literal('random'), z.number().int().min(0).max(3)])
    .default('random')
    .describe(`${R} §2.2 step 7: the round-1 start player: "random", or a seat number (chosen by agreement).`),
  simultaneousPeek: flag(true, `${R} §2.2 step 9: all players peek at their two cards at the same time; false = one after another from the start player.`),
  zombieSetupReflip: flag(true, `${R} §2.2 step 5: a Zombie flipped to start the discard pile is shuffled back and another card flipped; false = it stays.`),
  deckOutCheck: pick(['whenEmptied', 'atTurnEnd'] as const, 'whenEmptied', `${R} §6.1: the round ends after a turn in which the deck became empty (whenEmptied), or only if it is still empty at the end of that turn (atTurnEnd: a Rascal's returned card keeps the round going).`),
  zombieGiveWholeTurn: flag(true, `${R} §4.4 #4: giving a Zombie is the whole turn: not after a free action, and the turn ends with it; false = free actions (face-up powers, the token) before and after it.`),
  zombieUncovered: pick(['underPile', 'staysOnTop'] as const, 'underPile', `${R} §4.4 #4: a Zombie left on top of the pile when the card above it is taken and nothing is discarded after (a failed exchange) goes under the pile, and a Zombie on top is never taken (underPile); staysOnTop = the spec's rule covers discards only: it stays on top and may be taken.`),
  finalTurnExtras: flag(true, `${R} §3.4: in a final turn (after a call) Zombie gives, Squire display draws and free actions are allowed; false = only Draw or Take.`),
  activatedPowerLimit: pick(['perCard', 'perTurn'] as const, 'perCard', `${R} §3.6: each face-up activated card once per turn (perCard), or one activation per turn in all (perTurn).`),
  newlyFaceUpUsable: flag(true, `${R} §3.6: a card that turns face-up during your turn may be activated later that turn; false = from your next turn.`),
  criticalFailure: pick(['threeCards', 'threeValues'] as const, 'threeCards', `${R} §3.7 step 5: the extra penalty card after a failed exchange of 3 or more chosen cards (threeCards), or of 3 or more distinct values (threeValues).`),
  villagerCheck: pick(['anyEvent', 'endOfMove'] as const, 'anyEvent', `${R} §4.1 #0: two face-up Villagers end the round the moment they show, even inside a move (anyEvent); or only if both are still face-up when the move is done (endOfMove).`),
  villagerEndKeepsCall: flag(true, `${R} §4.1 #0: when two Villagers end the round, an earlier call still gets the caller evaluation; false = nobody is the caller.`),
  squireDisplay: pick(['perSquire', 'one'] as const, 'perSquire', `${R} §4.1 #1: one display card per face-up Squire (perSquire), or a single display card (one).`),
  bodyguardNaming: pick(['whenFaceUp', 'ownerTurn'] as const, 'whenFaceUp', `${R} §4.1 #3: the owner names the Bodyguard's card the moment it turns face-up, even in another player's turn (whenFaceUp); ownerTurn = only as a free action on the owner's next turn (until then it protects itself alone, and that turn has no call).`),
  squireTakeIsDraw: flag(true, `${R} §4.1 #1: a card taken from the Squire display counts as drawn from the deck (its discard power may be used); false = it has no discard power.`),
  rascalOnDisplayDraw: flag(true, `${R} §4.1 #4: a Squire display draw is a Draw action, so each face-up Rascal adds a deck card to it; false = the display card comes alone.`),
  rascalExtra: pick(['returnTop', 'discard'] as const, 'returnTop', `${R} §4.1 #4: the Rascal’s unkept cards go back on top of the deck (returnTop) or are discarded without power (discard).`),
  masterTake: pick(['exchange', 'add'] as const, 'exchange', `${R} §4.1 #10: the Master’s card is exchanged like a Take (exchange) or added at an end of the village (add).`),
  lycanCountsWhenRevealed: flag(false, `${R} §4.2 #1: a face-down Lycan revealed as part of the exchanged set counts as face-up for that set; false = only Lycans face-up before the exchange count.`),
  doppelganger: pick(['wildcard', 'strictPair'] as const, 'wildcard', `${R} §4.1 #13: the Doppelgänger matches any set (wildcard) or only a pair of two cards (strictPair).`),
  amuletBindsOwner: flag(true, `${R} §5.1: the card under the amulet or bullet cannot be moved, flipped, exchanged, discarded or rotated by its owner either; false = only others are bound.`),
  amuletTokenBlocksCall: flag(true, `${R} §3.4: like the coin and the dagger, placing the amulet or bullet forbids calling in that turn; false = it does not.`),
  curatorScope: pick(['own', 'any'] as const, 'own', `${R} §4.3 #2: the Curator discards a rotated card of your own village (own) or of any village (any).`),
  coinAssassinGuess: flag(false, `${R} §4.3 #8 (a guess, not a published power): discarded after a draw, the Coin 8 discards one of your face-up cards. false = value only.`),
  coinGenerousGuess: flag(false, `${R} §4.3 #0 (a guess, not a published power): at scoring a face-up Coin 0 gives one card of your village to another player. false = value only.`),
  approximatorAnyTwo: flag(true, `${R} §4.4 #5: the Approximator, drawn, may replace any two cards of your village face-up; false = value only.`),
  reverserTwoPlayer: pick(['skip', 'none'] as const, 'skip', `${R} §4.4 #11: with 2 players the Reverser skips the opponent’s next turn (skip) or does nothing (none).`),
  masterThiefLooks: flag(false, `${R} §4.4 #12: the Master Thief looks at the card received.`),
  debtCollector: pick(['allOpponents', 'mostCards'] as const, 'allOpponents', `${R} §4.4 #0: the Debt Collector subtracts 1 per card in all opponents’ villages (allOpponents), or in the fullest opponent village only (mostCards).`),
  halflingRounding: pick(['down', 'up'] as const, 'down', `${R} §4.4 #2: the Halfling halves your total rounding down or up.`),
  scoringPowersOptional: flag(true, `${R} §4.4 #0 and #2: the holder of a face-up Debt Collector or Halfling chooses at scoring whether to apply it (the cards say it "can"); false = applied by force.`),
  halflingStacks: flag(true, `${R} §4.4 #2: each face-up Halfling halves once more; false = only once.`),
  commanderKeptCounts: flag(true, `${R} §4.5: the card kept with a Commander still counts for this round; false = it does not.`),
  commanderPerCard: flag(true, `${R} §4.5: one card kept per face-up Commander; false = one per player.`),
  commanderOptional: flag(true, `${R} §4.5: keeping a card with the Commander may be declined; false = it must be used.`),
  princeBindsOwner: flag(false, `${R} §4.5: the Prince also stops its owner from exchanging, discarding or flipping their own face-up cards.`),
  looterOrder: pick(['clockwise', 'playDirection'] as const, 'clockwise', `${R} §4.5: after your own village the Looter goes clockwise (clockwise) or in the current play direction (playDirection).`),
  looterDeckOut: pick(['stop', 'burnRest'] as const, 'stop', `${R} §4.5: when the deck runs out during a Looter, the remaining face-up cards stay (stop) or are removed unreplaced (burnRest).`),
  looterExemptsProtected: flag(true, `${R} §4.5: the Looter skips cards protected by a Bodyguard or the amulet/bullet; false = it takes them too. Another player’s Prince protects in either case.`),
  daggerScoringOrder: pick(['valueMajor', 'playerMajor'] as const, 'valueMajor', `${R} §6.3: scoring powers resolve number by number, each for every player (valueMajor), or player by player (playerMajor).`),
  callerCompareAfterPowers: flag(true, `${R} §6.4: the caller’s total is compared after the scoring powers; false = on the plain sums.`),
  tieKeeperActive: pick(['literal', 'onlyIfCaller'] as const, 'literal', `${R} §6.5: in a tie, the player who won the token by a call and is among the tied keeps it with its power (literal), or with its power only if they also won this round's call (onlyIfCaller).`),
  tieScanCallerActive: flag(true, `${R} §6.5: when the tie scan gives the token to this round's successful caller, its power comes with it; false = a start marker only.`),
  tieScanIncludesStartPlayer: flag(true, `${R} §6.5: the clockwise scan for the next start player after a tie begins with this round's start player; false = with the player to their left.`),
  tieMeasure: pick(['roundScore', 'villageTotal'] as const, 'roundScore', `${R} §6.5: the lowest player (who gets the token) is found by round score (after the caller's 0 or +10) or by village total.`),
  finalTieHolder: pick(['afterLastRound', 'duringLastRound'] as const, 'afterLastRound', `${R} §6.7: the token holder who breaks a tie for the game is the one after the last round’s assignment, or the one during the last round.`),
  finalTieNeedsActiveToken: flag(false, `${R} §6.7: for the game tie-break the token counts only if its power is available.`),
  discardTakeDisablesFU: flag(false, `${R} §3.3: a card taken from the discard pile has no face-up power either; false = its face-up power works once in the village.`),
  daggerSkipAllowsCall: flag(true, `${R} §5.4: in the extra turn after a 2-player dagger skip the player may call.`),
});

export type Options = z.infer<typeof options>;
