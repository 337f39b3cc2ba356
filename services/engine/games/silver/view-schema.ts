/** The GraphQL SDL of `view()` (every field of SilverView and its parts). */
export const viewSchema = /* GraphQL */ `
  "A card's identity: only present where the viewer may know it."
  type SilverCard {
    "Card number 0–13 (its value at scoring)."
    number: Int!
    "amulet, bullet, coin, dagger or promo."
    edition: String!
    name: String!
    "Persian name."
    nameFa: String!
    "FU, DIS, DRV, SCU, SCA, MAT or UNKNOWN (rules §4.0)."
    timing: String!
    "false: no source gives the power; the card counts its value only."
    powerKnown: Boolean!
  }

  "One card of a village row."
  type SilverSlot {
    "0-based index in the row (moves name this)."
    position: Int!
    faceUp: Boolean!
    "Rotated 90° by a Curator."
    rotated: Boolean!
    "The viewer knows this card (face-up, peeked, or shown by a power)."
    known: Boolean!
    "Every player knows this card."
    publicKnown: Boolean!
    "The card, or null if the viewer does not know it."
    card: SilverCard
    "The amulet or the bullet (see token.kind) lies on it."
    amulet: Boolean!
    "Protected by a face-up Bodyguard."
    guarded: Boolean!
  }

  "A player's village."
  type SilverVillage {
    seat: Int!
    cards: [SilverSlot!]!
  }

  "A deck card the viewer knows (Witch look, Rascal return)."
  type SilverDeckCard {
    "0 = top of the deck."
    depth: Int!
    card: SilverCard!
  }

  "A card set aside by a Commander."
  type SilverKeptCard {
    seat: Int!
    card: SilverCard!
  }

  "The silver token."
  type SilverToken {
    "dagger, coin, amulet or bullet."
    kind: String!
    "Its holder: the start player."
    holder: Int!
    "Its power is available (earned by a successful call)."
    active: Boolean!
    "Its power was used this round."
    used: Boolean!
    "Coin only: the wolf side shows (power available)."
    wolfSideUp: Boolean!
  }

  "The turn in progress."
  type SilverTurn {
    seat: Int!
    "The main action has been taken."
    mainDone: Boolean!
    "A free action (a power, the token, naming a Bodyguard's card) was taken this turn (no call then)."
    powerUsed: Boolean!
    "An extra turn after a 2-player skip."
    extra: Boolean!
    "Positions of face-up cards activated this turn."
    activated: [Int!]!
  }

  "The step the game waits for (same seat's next move)."
  type SilverPending {
    "hold, rascal, place, power, score or commander."
    kind: String!
    seat: Int!
    "The power step (look, flip, swapOwn …) or scoring op."
    step: String
    prompt: String!
    "The card whose power is in use (null for the token)."
    card: SilverCard
    "Positions marked for a multi-card exchange."
    slid: [Int!]!
    "Positions chosen so far (Approximator, Cleaner)."
    selected: [Int!]!
    "Row indexes where the held card may go (null: at an end)."
    slots: [Int!]
    "The held card goes at the left or right end."
    ends: Boolean!
    "The held card goes in face-up."
    faceUp: Boolean
    "A penalty card follows (failed exchange of 3+ cards)."
    penalty: Boolean!
  }

  "One finished round."
  type SilverRoundResult {
    round: Int!
    "call, deck or villagers."
    reason: String!
    "Village totals after scoring powers."
    totals: [Int!]!
    "Round scores (the caller's 0 or total + 10)."
    roundScores: [Int!]!
    caller: Int
    callSucceeded: Boolean
  }

  "Silver as one seat (or a spectator) sees it."
  type SilverView {
    "The viewer's seat; null for a spectator."
    seat: Int
    round: Int!
    rounds: Int!
    "setup, commander, peek, play, scoring or over."
    phase: String!
    startPlayer: Int!
    "The seats to act now (the turn, a pending step, or every seat still to peek)."
    toMove: [Int!]!
    "1 = clockwise (to the left), -1 = counter-clockwise."
    direction: Int!
    "The edition supplying each card number 0–13."
    editions: [String!]!
    villages: [SilverVillage!]!
    deckCount: Int!
    deckKnown: [SilverDeckCard!]!
    "The discard pile, bottom first (top = last)."
    discard: [SilverCard!]!
    "Squire display."
    display: [SilverCard!]!
    "Cards out of play this round (unused villages)."
    boxCount: Int!
    "Cards in the acting player's hand (drawn/taken); null where hidden."
    hand: [SilverCard]!
    "Cards kept by a Commander, to be swapped in this round."
    kept: [SilverKeptCard!]!
    "Cards chosen at this scoring to keep for the next round."
    keptNext: [SilverKeptCard!]!
    token: SilverToken!
    caller: Int
    "Seats still owed a final turn after the call."
    finalTurnsOwed: [Int!]!
    "The deck ran out: the round ends after this turn."
    deckOut: Boolean!
    turn: SilverTurn
    pending: SilverPending
    "Who has peeked at the round start."
    peeked: [Boolean!]!
    "Scoring-power adjustments this round (Debt Collector, Halfling)."
    scoreAdjustments: [Int!]!
    "Cumulative scores (lowest wins)."
    scores: [Int!]!
    history: [SilverRoundResult!]!
    "Set when the game is over."
    winners: [Int!]
    "Public facts the fields above do not show (what every player saw happen)."
    tableFacts: SilverTableFacts!
  }

  "A card's place in a village."
  type SilverPlace {
    seat: Int!
    position: Int!
  }

  "A Bodyguard's naming: its position and the named card's, in one village."
  type SilverGuard {
    seat: Int!
    bodyguard: Int!
    position: Int!
  }

  "The public details of the pending step."
  type SilverPendingFacts {
    "hold: where the held card came from (deck, display, discard, pile)."
    from: String
    "hold: the card must be exchanged (it was taken face-up)."
    must: Boolean!
    "rascal: the first card in hand came from the Squire display."
    display: Boolean!
    "power: index of the waiting step in the power's step list."
    stepIndex: Int!
    "power: the own position chosen for a swap."
    own: Int
    "power: main (a drawn card's power) or free (an activation, the token)."
    then: String
    "power: a drawn (DRV) card's power."
    drawn: Boolean!
    "score: the chosen position of a give."
    position: Int
    "commander: positions a kept card already took."
    done: [Int!]!
  }

  "Public facts of the table that the rest of the view does not show; a player at the table remembers them."
  type SilverTableFacts {
    pending: SilverPendingFacts
    "The acting seat's village was empty when the turn began."
    turnEmptyAtStart: Boolean!
    "Positions in the acting seat's row of its cards face-up when the turn began."
    turnUpAtStart: [Int!]!
    "A 2-player skip (dagger, Reverser) takes the opponent's next turn."
    skipNext: Boolean!
    "Why the round being scored ended: call, deck or villagers."
    endReason: String
    "Bodyguard namings."
    guards: [SilverGuard!]!
    "Village cards whose face-up power is off (taken from the pile, option discardTakeDisablesFU)."
    powerOff: [SilverPlace!]!
    "Hand indexes of such cards."
    handPowerOff: [Int!]!
    "At scoring: the cards face-up before the reveal (they decide SCU powers)."
    faceUpBeforeReveal: [SilverPlace!]!
    "At scoring: the index of the scoring power being resolved."
    scoringAt: Int!
    "At scoring: how often each seat's total was halved."
    halved: [Int!]!
  }
`;
