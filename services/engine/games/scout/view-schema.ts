/** The GraphQL SDL of `view()` (view.ts): every field, nullable exactly where null can occur. */
export const viewType = 'ScoutView';

export const viewSchema = /* GraphQL */ `
"SCOUT as one seat (or a spectator) sees it. Seats are numbered 0..n-1; play passes to seat + 1 (the left)."
type ScoutView {
  "The viewing seat; null for a spectator."
  seat: Int
  "rotate (round start: choose whether to rotate your hand), play, scout-show (the Scout & Show player must now Show), over."
  phase: String!
  "The current round, 1-based."
  round: Int!
  "Rounds in the game (= number of players)."
  rounds: Int!
  "The round's start player."
  startPlayer: Int!
  "Seats that must act now (several while rotation choices are open)."
  toMove: [Int!]!
  "Your hand, left to right; null for a spectator."
  hand: [ScoutCard!]
  "Whether you rotated your hand this round; null until you choose (and for a spectator)."
  myRotation: Boolean
  "Public facts about every seat, indexed by seat."
  players: [ScoutPlayer!]!
  "The Active Set on the table and its Owner; null when there is none. It may be empty with an Owner (ownerPersistsWhenSetEmptied)."
  activeSet: ScoutActiveSet
  "Plain Scouts since the Owner's Show (the round ends when all the others have scouted)."
  consecutiveScouts: Int!
  "A Scout & Show has scouted and waits for its Show."
  scoutShowPending: Boolean!
  "2 players, round 1: cards set aside for round 2 (face down)."
  setAsideCount: Int!
  "Ids of cards you know are not in this round's deal, ascending. 2 players, round 2: every card you saw in round 1 (your hand and every card shown), since round 2 deals only the set-aside cards; a spectator knows the shown ones. Empty otherwise."
  outOfRound: [Int!]!
  "The last finished round's scoring; null before the first round ends."
  lastRound: ScoutRoundResult
  "Seats sharing the win once the game is over; null before."
  winners: [Int!]
}

"A number card. Both numbers are printed on it; up is its active value (lo or hi)."
type ScoutCard {
  id: Int!
  lo: Int!
  hi: Int!
  "The active value: the number at the top as the card is held or lies."
  up: Int!
}

"What everyone knows about one seat."
type ScoutPlayer {
  seat: Int!
  handCount: Int!
  "How many cards the seat captured this round."
  capturedCount: Int!
  "Ids of the cards the seat captured this round, in the order taken: they lie face down, but everyone saw them in the Active Set."
  captured: [Int!]!
  "Scout chips in front of the seat (2 players: still held, spent to scout)."
  scoutChips: Int!
  "Whether the seat still has its Scout & Show chip this round (never with 2 players)."
  scoutShowChip: Boolean!
  "Whether the seat has made its round-start rotation choice (what it chose stays hidden)."
  rotationChosen: Boolean!
  "Running total over finished rounds."
  total: Int!
  "The seat's score in each finished round."
  roundScores: [Int!]!
  "Cards the seat scouted that are still in its hand: public identity, hidden orientation."
  knownCards: [ScoutKnownCard!]!
}

"A scouted card in a seat's hand, as others know it."
type ScoutKnownCard {
  id: Int!
  lo: Int!
  hi: Int!
  "Its position in that hand (0 = leftmost); null when insert positions are hidden from you."
  index: Int
}

"The set lying face up on the table."
type ScoutActiveSet {
  "Left to right, with each card's orientation."
  cards: [ScoutCard!]!
  "The seat that showed it."
  owner: Int!
}

"How a round ended and what each seat scored."
type ScoutRoundResult {
  round: Int!
  "empty-hand (condition 1), scouted-around (condition 2), cannot-act (2 players: the opponent could neither Show nor Scout), passed (2 players with twoPlayerAllowPass), action-limit (the option roundActionLimit)."
  reason: String!
  "The Owner exempt from the hand penalty (condition 2); null otherwise."
  exempt: Int
  "Indexed by seat."
  scores: [ScoutRoundScore!]!
  "Running totals after the round, indexed by seat."
  totals: [Int!]!
}

"One seat's round score: captured + scoutChips − handPenalty (2 players: chips count only with twoPlayerUnspentChipsScore)."
type ScoutRoundScore {
  captured: Int!
  scoutChips: Int!
  handCards: Int!
  "Hand cards subtracted: 0 for the exempt Owner."
  handPenalty: Int!
  score: Int!
}
`;
