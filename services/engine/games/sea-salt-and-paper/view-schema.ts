/** The GraphQL types of the view: exactly the object `view()` returns. */
export const viewType = 'SspView';

export const viewSchema = /* GraphQL */ `
  "A Sea Salt & Paper card. Its id (0..57) names it in moves and events."
  type SspCard {
    id: Int!
    "crab, boat, fish, swimmer, shark, shell, octopus, penguin, sailor, lighthouse, shoalOfFish, penguinColony, captain or mermaid"
    type: String!
    "Background colour: darkBlue, lightBlue, black, yellow, lightGreen, white, purple, lightGrey, lightOrange, lightPink or orange"
    colour: String!
    "duo, collector, multiplier or mermaid"
    category: String!
  }

  "A duo played face up in front of a player."
  type SspDuo {
    "crab, boat, fish or sharkSwimmer"
    duo: String!
    cards: [SspCard!]!
  }

  "One of the two discard piles: its top card and its size, and what everyone saw land on it."
  type SspPile {
    pile: Int!
    count: Int!
    top: SspCard
    "Every card put face up on this pile this round, bottom first: the pile holds count of them in this order, the others were taken."
    seen: [SspCard!]!
    "Cards of seen the viewer knows have left the pile unseen (it looked through the pile with a crab)."
    gone: [SspCard!]!
  }

  "A player's card points by kind (the colour bonus is never part of them)."
  type SspPoints {
    duos: Int!
    collectors: Int!
    multipliers: Int!
    mermaids: Int!
    total: Int!
  }

  "The end of the round called by a player."
  type SspCall {
    "STOP or LAST_CHANCE"
    kind: String!
    caller: Int!
    "Whether the draw pile was already empty when the call was made (E9)."
    drawPileEmpty: Boolean!
  }

  "A player as the viewer sees them."
  type SspPlayer {
    seat: Int!
    handCount: Int!
    "The hand, when the viewer may see it (their own, or a revealed one)."
    hand: [SspCard!]
    "Cards the viewer knows to be in this hidden hand: taken from a discard pile in view of all, or a theft the viewer saw."
    known: [SspCard!]!
    "Whether the hand has been revealed to everyone."
    revealed: Boolean!
    "Whether the hand is safe from a Shark+Swimmer."
    protected: Boolean!
    duos: [SspDuo!]!
    "Card points, when the hand is visible to the viewer."
    cardPoints: Int
    "Colour bonus, when the hand is visible to the viewer."
    colourBonus: Int
    "Running total over the rounds."
    total: Int!
    "The number of this player's last turn this round (-1: none yet); breaks ties with LAST_TO_PLAY."
    lastTurn: Int!
  }

  "A player at the end of the last round."
  type SspRoundPlayer {
    seat: Int!
    "The revealed hand; null when the round ended unscored."
    hand: [SspCard!]
    duos: [SspDuo!]
    cardPoints: Int
    colourBonus: Int
    "Points scored this round."
    score: Int!
    total: Int!
  }

  "How the last round ended and what it scored."
  type SspRound {
    round: Int!
    "STOP, LAST_CHANCE or EMPTY_DECK (unscored)"
    reason: String!
    caller: Int
    "LAST CHANCE only: whether the caller won the bet."
    betWon: Boolean
    nextStarter: Int!
    players: [SspRoundPlayer!]!
  }

  "Sea Salt & Paper as one seat (or a spectator) sees it."
  type SspView {
    "The viewing seat; null for a spectator."
    seat: Int
    round: Int!
    "draw, keep, play, crabPile, crabCard, shark or over"
    phase: String!
    "Seats that must act now: the active player, or nobody once the game is over."
    toMove: [Int!]!
    "Who played first this round."
    starter: Int!
    "Turns started this round."
    turn: Int!
    targetScore: Int!
    deckCount: Int!
    discards: [SspPile!]!
    "The viewer's hand (null for a spectator)."
    myHand: [SspCard!]
    myPoints: SspPoints
    myColourBonus: Int
    "Whether the viewer may call STOP or LAST CHANCE now."
    canCall: Boolean!
    "The two cards the viewer drew and must choose from (theirs only)."
    drawn: [SspCard!]
    "Crab duo: the pile being looked through."
    crabPile: Int
    "Crab duo: the whole chosen pile, bottom first (the crab player only)."
    crabPileCards: [SspCard!]
    "Shark+Swimmer: the seats that may be robbed."
    stealTargets: [Int!]!
    call: SspCall
    "LAST CHANCE: the seats whose final turn is not over."
    finalTurnsRemaining: [Int!]!
    players: [SspPlayer!]!
    lastRound: SspRound
    "The winners once the game is over."
    winners: [Int!]
    "TARGET or FOUR_MERMAIDS once the game is over."
    endReason: String
  }
`;
