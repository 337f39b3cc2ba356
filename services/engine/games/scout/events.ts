/**
 * SCOUT's events, inferred from their zod schemas (event-schemas.ts, the one source of both the
 * types and the published JSON Schema). Hidden parts (another seat's hand, the set-aside cards, a
 * rotation choice, a scouted card's orientation, an insert position with `hideScoutInsertPosition`)
 * are replaced by `null` in `redact` (view.ts) for viewers who may not know them.
 */
import type { EventsOf } from '../../core/same-type.js';
import type { SCOUT_EVENT_SCHEMAS } from './event-schemas.js';

export type ScoutEvent = EventsOf<typeof SCOUT_EVENT_SCHEMAS>;
type Of<K extends ScoutEvent['type']> = Extract<ScoutEvent, { type: K }>;

/** A round's deal (§2.3 round setup); 2 seats, round 1: 22 cards set aside for round 2. */
export type RoundDealt = Of<'RoundDealt'>;
/** A seat's round-start choice (§2.3 step 4); `rotate` is `null` for everyone else. */
export type RotationChosen = Of<'RotationChosen'>;
/** Every seat has chosen: the start player takes the first turn. */
export type PlayBegan = Of<'PlayBegan'>;
/** §3.5 step 2: the seat gives up its Scout & Show chip; a Scout and then a Show follow. */
export type ScoutShowStarted = Of<'ScoutShowStarted'>;
/** §3.4: a card taken from an end of the Active Set. */
export type Scouted = Of<'Scouted'>;
/** §3.3: a set shown from the hand; the previous Active Set's cards are captured. */
export type Shown = Of<'Shown'>;
/** 2p with `twoPlayerAllowPass`: a voluntary stop. */
export type Passed = Of<'Passed'>;
/** §4.1–4.2: the round is over; counts only (hands are not revealed). */
export type RoundEnded = Of<'RoundEnded'>;
export type RoundEndReason = RoundEnded['reason'];
export type RoundScore = RoundEnded['scores'][number];
