/**
 * Seledyne's options (docs/rules/seledyne.md §7.2). Every point the published rules leave open is a
 * named option (A0–A30) whose default is the reading Parlor plays; a reading without a modelled
 * alternative is a single-value enum, so the catalog still shows which reading a game uses.
 */
import { z } from 'zod';
import { HOUSE_IDS } from './cards.js';

const bool = (value: boolean, text: string) => z.boolean().default(value).describe(text);
/** A description that says where the rule is written: "… (docs/rules/seledyne.md A27, §7.3)". */
const rule = (where: string, text: string) => `${text} (docs/rules/seledyne.md ${where})`;

export const options = z.object({
  mode: z
    .enum(['NORMAL', 'EXTRAORDINARY', 'TEAM'])
    .default('NORMAL')
    .describe(rule('A27, §7.3', 'Game mode. Only NORMAL is playable: the rules of EXTRAORDINARY and TEAM are not public, so they are refused.')),
  playerCount: z
    .object({
      min: z.number().int().min(2).max(6).default(2).describe('Fewest players'),
      max: z.number().int().min(2).max(6).default(6).describe('Most players'),
    })
    .default({ min: 2, max: 6 })
    .describe(rule('A1, §2.2', 'Seat counts this table accepts: 2–6 (3–6 recommended).')),
  stages: z.number().int().min(1).max(3).default(3).describe(rule('§5.7', 'The game lasts 3 stages; fewer give a short game.')),
  initialHandSize: z.number().int().min(1).max(10).default(5).describe(rule('§2.4', 'Cards each starting hand takes from the reserve.')),
  houses: z
    .array(z.enum(HOUSE_IDS))
    .max(6)
    .default([])
    .describe(rule('§2.3', 'The house of each seat, all different (NAB, SAL, YAR, ARM, INE, MOR). Empty: in that order by seat.')),
  dieFaces: z
    .number()
    .int()
    .min(2)
    .max(12)
    .default(6)
    .describe(rule('A0, §2.1', 'Faces of each die. The Six Rule applies to the top face and turns the die one lower (6 → 5).')),
  cardValues: z
    .array(z.number().int().min(1).max(20))
    .length(10)
    .default([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    .describe(rule('A2, §2.1', "The numbers on each house's 10 cards (default 1 to 10, one each).")),
  exchangeCardValue: z.number().int().min(1).max(20).default(4).describe(rule('A3, §2.1', 'The value of the card with the Exchange symbol.')),
  sumCardValue: z.number().int().min(1).max(20).default(5).describe(rule('A3, §2.1', 'The value of the card with the Sum symbol (+).')),
  firstStartPlayer: z
    .enum(['DESIGNATED', 'RANDOM'])
    .default('DESIGNATED')
    .describe(rule('A4, §2.3', 'Who holds the start marker in stage 1: DESIGNATED (the host names the oldest player, designatedStartSeat) or RANDOM.')),
  designatedStartSeat: z.number().int().min(0).max(5).default(0).describe(rule('A4, §2.3', 'The seat of the oldest player, when firstStartPlayer is DESIGNATED.')),
  ownerSeesReserve: bool(true, rule('A5, §3 R1', 'The owner looks through their reserve and picks every reserve draw; false makes every reserve draw (and the Exchange) random.')),
  exchangeReserveCard: z
    .enum(['CHOICE', 'RANDOM'])
    .default('CHOICE')
    .describe(rule('A5, §4.6', 'The reserve card taken by an Exchange is chosen (CHOICE) or random (RANDOM).')),
  setupPick: z
    .enum(['BLIND_RANDOM'])
    .default('BLIND_RANDOM')
    .describe(rule('A6, §2.4', "Each starting hand is a uniformly random pick from the owner's reserve, made blind; only the owner sees it.")),
  roundDrawMandatory: bool(true, rule('A7, §3 R1', 'The round draw is mandatory when the reserve is not empty; false makes it optional.')),
  sixRuleDecisionMode: z
    .enum(['SIMULTANEOUS', 'TURN_ORDER'])
    .default('SIMULTANEOUS')
    .describe(rule('A8, §3 R3', 'Six Rule choices are made at once and hidden (SIMULTANEOUS), or one by one from the start marker (TURN_ORDER).')),
  sixRuleRequiresReserveCard: bool(true, rule('A9, §3 R3', 'The Six Rule needs a card in the reserve; false lets a player turn a 6 into a 5 with an empty reserve.')),
  tributeBoostMode: z
    .enum(['OPTIONAL', 'MANDATORY'])
    .default('OPTIONAL')
    .describe(rule('A10, §4.3', 'After a tribute the player may add the number of tributed cards to the die for every gift this turn (OPTIONAL, all or nothing), or always does (MANDATORY).')),
  sixMultipleMode: z
    .enum(['EXACT', 'FLOOR', 'CUMULATIVE'])
    .default('EXACT')
    .describe(rule('A11, §4.7', 'Six-Multiple draws: EXACT (sum 6, 12, … gives sum/6), FLOOR (floor(sum/6) for any sum), CUMULATIVE (each multiple of 6 passed by the stage running total).')),
  sixMultipleDrawsOptional: bool(true, rule('A12, §4.7', 'Each earned Six-Multiple draw may be declined; false makes them mandatory.')),
  sumRuleCheckTiming: z
    .enum(['GIFT_STEP_START', 'PER_GIFT_SEQUENTIAL'])
    .default('GIFT_STEP_START')
    .describe(rule('A13, §4.5', "Whether the Sum Rule is active is checked once at the turn's first gift (GIFT_STEP_START) or again at each gift (PER_GIFT_SEQUENTIAL).")),
  emptyHandMayTribute: bool(
    true,
    rule('A30, §7.1 (2)', 'With an empty hand a player may still tribute when the Six-Multiple draws it earns lead to a gift; false: an empty hand must pass.'),
  ),
  exchangeLimit: z
    .enum(['ONCE_PER_TURN', 'ONCE_PER_EXCHANGE_CARD'])
    .default('ONCE_PER_TURN')
    .describe(rule('A14, §4.6', 'One Exchange per turn, or one per Exchange card held in hand or counter.')),
  exchangeTiming: z
    .enum(['T0_T3_T5'])
    .default('T0_T3_T5')
    .describe(rule('A15, §4.6', 'The Exchange may be used before the tribute (T0), after the tribute and its draws (T3), or after the gifts (T5), checked when used; after a T5 exchange no gift follows.')),
  exchangeWithoutGiftAllowed: bool(true, rule('A16, §4.6', 'An Exchange may be used in a turn that ends in a pass; false requires a gift in that turn.')),
  lastRoundTermination: z
    .enum(['N_CONSECUTIVE_NON_GIFT', 'NO_LEGAL_GIFT'])
    .default('N_CONSECUTIVE_NON_GIFT')
    .describe(rule('A17, §5.1', 'The last round ends after N consecutive turns without a gift, or as soon as no player can reach a gift in their own turn (with the N-turn rule as fallback).')),
  positiveScoring: z
    .enum(['CARD_OWNER', 'TRIBUTER'])
    .default('CARD_OWNER')
    .describe(rule('A18, §5.3', "A card in Isthām scores its value for the house that owns it (CARD_OWNER) or for the player who tributed it (TRIBUTER).")),
  scoreFloorMode: z
    .enum(['PERSISTENT_CLAMP', 'FINAL_CLAMP'])
    .default('PERSISTENT_CLAMP')
    .describe(rule('A19, §5.4', 'A negative total is set to 0 after every stage (PERSISTENT_CLAMP), or the raw sum is kept and only shown and ranked as max(0, raw) (FINAL_CLAMP).')),
  stageReset: z
    .enum(['FULL'])
    .default('FULL')
    .describe(rule('A20, §2.4', 'Before stages 2 and 3 every card returns to its owner and the stage setup is repeated; totals are kept.')),
  startMarkerAfterStage: z
    .enum(['HIGHEST_TOTAL', 'HIGHEST_STAGE_SCORE'])
    .default('HIGHEST_TOTAL')
    .describe(rule('A21, §5.6', 'The start marker goes to the highest total (ties: higher stage score, then first counter-clockwise from the last holder), or to the highest stage score (ties: higher total, then the same order).')),
  winnerTieBreak: z
    .enum(['SHARED', 'CHAIN'])
    .default('SHARED')
    .describe(rule('A22, §5.7', 'Players tied on the highest total share the win (SHARED), or CHAIN: higher last-stage score, then lower counter sum at the end, then shared.')),
  deadlockDetection: bool(true, rule('A23, §5.2', 'A stage ends at a round end when no gift can ever happen again.')),
  maxRoundsPerStage: z
    .number()
    .int()
    .min(1)
    .nullable()
    .default(100)
    .describe(rule('A24, §5.2', 'A stage without a last round ends after this many rounds (null: no cap).')),
  counterVisibility: z.enum(['PUBLIC']).default('PUBLIC').describe(rule('A25, §6.1', 'Counters are face up and seen by everyone.')),
  isthamVisibility: z.enum(['PUBLIC']).default('PUBLIC').describe(rule('A25, §6.1', 'Isthām is face up, each card with its owner and tributer.')),
  exposeDerivedUnplayed: bool(true, rule('A26, §6.1', "Every view shows each player's values not yet gifted (hand and reserve together), which anyone could work out.")),
  seatDirection: z
    .enum(['SEAT_PLUS_ONE_IS_RIGHT'])
    .default('SEAT_PLUS_ONE_IS_RIGHT')
    .describe(rule('A28, §2.2', 'Seat i+1 is the right-hand neighbour of seat i and plays next (counter-clockwise); seat i−1 is the left-hand neighbour.')),
  tributeSteps: z
    .enum(['ONE_BEFORE_GIFTS'])
    .default('ONE_BEFORE_GIFTS')
    .describe(rule('A29, §4.1', 'One tribute step per turn at most, before every gift.')),
});

export type Options = z.infer<typeof options>;
