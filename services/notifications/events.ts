/**
 * The webhook event types, each with what it means: the one place to add one (the GraphQL enum,
 * the REST enum and the payload's JSON Schema are built from it).
 */
export const WEBHOOK_EVENT_MEANINGS = {
  YOUR_TURN: 'A game waits for my move (again for each new deadline while it keeps waiting).',
  DEADLINE_WARNING: 'A quarter of my time for the move is left.',
  GAME_OVER: 'A game of mine ended: finished, cancelled, expired or decided by a forfeit (reason, result).',
  TIMED_OUT: "A seat's time ran out in a game of mine (seat: which); a bot moved for it, or took it over (FORFEIT).",
  TIMEOUT_CLAIM: "A seat ran out of time in a game of mine under onTimeout ASK (seat: which): I may let a bot play it, end the game or wait (claimTimeout).",
  RESIGNED: 'A player resigned in a game of mine (seat: which); a bot plays the seat to the end.',
  REMATCH_OFFERED: 'A rematch of a game of mine is offered and waits for my answer (answerRematch).',
  GAME_STARTED: 'A game found for me started: a seek of mine or one I accepted filled, quick play seated me, or I challenged a bot (docs/matchmaking.md).',
  MESSAGE: 'A message arrived in one of my games (the body names the game, never the text).',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENT_MEANINGS;
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_MEANINGS) as WebhookEvent[];
