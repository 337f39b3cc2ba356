/**
 * Sea Salt & Paper's events, inferred from their zod schemas (event-schemas.ts, the one source of
 * both the types and the published JSON Schema). Hidden parts (the deck order, drawn and kept
 * cards, a crab's pick, a fish draw, a stolen card) are `null` in the copies `redact` gives to
 * viewers who may not know them.
 */
import type { EventsOf } from '../../core/same-type.js';
import type { SEA_SALT_AND_PAPER_EVENT_SCHEMAS } from './event-schemas.js';

export type Event = EventsOf<typeof SEA_SALT_AND_PAPER_EVENT_SCHEMAS>;

export type CallKind = Extract<Event, { type: 'Called' }>['call'];
export type RoundEnd = Extract<Event, { type: 'RoundEnded' }>['reason'];
/** A scored (or unscored) round: every hand and duo revealed, the points, who starts next. */
export type RoundSummary = Omit<Extract<Event, { type: 'RoundEnded' }>, 'type'>;
