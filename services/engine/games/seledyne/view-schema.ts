/**
 * GraphQL SDL of `view()` (view.ts): every field, nullable exactly where null can occur.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
export const viewType = 'SeledyneView';

export const viewSchema = /* GraphQL */ `
  "A house card of Seledyne. Hidden cards never appear: hands and reserves are shown to their owner only."
  type SeledyneCard {
    "House and value, e.g. MOR-07."
    id: String!
    "Owning house: NAB, SAL, YAR, ARM, INE or MOR."
    house: String!
    value: Int!
    "EXCHANGE (the marked 4), SUM (the marked 5, '+') or null."
    special: String
  }

  "A name in English and Persian."
  type SeledyneName {
    en: String!
    fa: String!
  }

  "Your own choice in the current simultaneous step (round draw or Six Rule), before every choice is in."
  type SeledyneChoice {
    "Round draw: drawing or not. Six Rule: using it or not."
    draw: Boolean!
    "The reserve card chosen (null when draws are random or nothing is drawn)."
    card: SeledyneCard
  }

  "One seat: its house, its cards (hand and reserve for its owner only), its die and scores."
  type SeledynePlayer {
    seat: Int!
    "House id: NAB, SAL, YAR, ARM, INE or MOR."
    house: String!
    houseName: SeledyneName!
    handCount: Int!
    reserveCount: Int!
    "Your hand (null for other seats)."
    hand: [SeledyneCard!]
    "Your reserve (null for other seats)."
    reserve: [SeledyneCard!]
    "Cards gifted to this seat, face up; they count against it at the stage end."
    counter: [SeledyneCard!]!
    "The physical die D(p); 0 before the first roll."
    die: Int!
    "Running total after the zero floor."
    total: Int!
    "Score of each finished stage."
    stageScores: [Int!]!
    "Values of this house not yet gifted (hand and reserve together); null for others unless exposeDerivedUnplayed (A26)."
    unplayed: [Int!]
    "Cards everyone knows to be in this hand: a gift of several cards shows the giver's Sum card in hand when its counter holds none (§4.5); its next exchange hides it again."
    knownInHand: [SeledyneCard!]!
    "Still has to choose in the current simultaneous step."
    mustChoose: Boolean!
    "Has chosen in the current simultaneous step (what it chose stays hidden)."
    hasChosen: Boolean!
    "Your own pending choice (null for other seats)."
    choice: SeledyneChoice
  }

  "A tributed card in Isthām, with the seat owning its house and the seat that tributed it (A18 decides who scores it)."
  type SeledyneIsthamEntry {
    card: SeledyneCard!
    owner: Int!
    tributedBy: Int!
    stage: Int!
    round: Int!
  }

  "The turn in progress, a sequence of steps: open (T0), select (T1: building a tribute), draws (T2: Six-Multiple), ready (T3: a gift is required), gifting (T4), closing (T5: after an exchange that follows the gifts, only the end of the turn)."
  type SeledyneTurn {
    seat: Int!
    step: String!
    "Counter cards chosen for the tribute being built."
    selection: [SeledyneCard!]!
    "Cards tributed this turn."
    tributed: Int!
    "Whether the tribute count is added to the die (A10)."
    boost: Boolean!
    "E(A): the die this turn's gifts use."
    effectiveDie: Int!
    "Six-Multiple draws still to take."
    drawsLeft: Int!
    exchanges: Int!
    "Seats already gifted to this turn (one gift per target)."
    giftedTo: [Int!]!
    "Whether the Sum Rule applies to the next gift (shown to the acting seat only)."
    sumActive: Boolean
    "A gift of this turn showed everyone that the Sum Rule covers the turn: it had several cards, or the giver's own Sum card (A13)."
    sumShown: Boolean!
  }

  "One seat's result in a stage."
  type SeledyneStageScore {
    seat: Int!
    "Points for cards in Isthām (A18)."
    positive: Int!
    "Sum of the cards left in the counter."
    negative: Int!
    score: Int!
    "Running total after the floor (A19)."
    total: Int!
    "Running sum before the floor."
    raw: Int!
  }

  "A finished stage: why it ended (lastRound, noLegalGift, deadlock, roundCap) and its scores."
  type SeledyneStageResult {
    stage: Int!
    reason: String!
    scores: [SeledyneStageScore!]!
  }

  "What one seat (or a spectator) sees of a Seledyne game. Sections (§) and option ids (A0–A30) in these descriptions cite docs/rules/seledyne.md."
  type SeledyneView {
    "The viewing seat; null for a spectator."
    seat: Int
    stage: Int!
    stages: Int!
    round: Int!
    "round-draw, six-rule, turn-<step> or over."
    phase: String!
    "Seats that must act now: several in a simultaneous step (round draw, Six Rule), else the seat whose turn it is."
    toMove: [Int!]!
    "The start-marker holder."
    startSeat: Int!
    "The last round of the stage has been triggered (§5.1)."
    lastRound: Boolean!
    triggerSeat: Int
    "Turns without a gift since the trigger (A17)."
    nonGiftStreak: Int!
    "Seats in order; seat + 1 is the right-hand neighbour and plays next."
    players: [SeledynePlayer!]!
    istham: [SeledyneIsthamEntry!]!
    turn: SeledyneTurn
    stageResults: [SeledyneStageResult!]!
    "Winners once the game is over."
    winners: [Int!]
  }
`;
