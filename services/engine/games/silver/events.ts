/**
 * Events: small atomic facts, their types inferred from their zod schemas (event-schemas.ts, the
 * one source of both the types and the published JSON Schema). Card identities are card numbers
 * (0–13); only the deal and the shuffles carry card ids (the deck order), and those are never shown
 * to anyone. Hidden parts: `card`/`cards` of a Move or Saw are shown only to `vis` (a seat) or to
 * all (`vis: 'all'`); a Peeked event is shown only to its seat.
 */
import type { EventsOf } from '../../core/same-type.js';
import type { SILVER_EVENT_SCHEMAS } from './event-schemas.js';
import type { Pending } from './state.js';

type Described = EventsOf<typeof SILVER_EVENT_SCHEMAS>;

/** Pending's decision is described in its schema, not typed field by field: here it is the state's type. */
export type Event = Exclude<Described, { type: 'Pending' }> | { type: 'Pending'; pending: Pending | null };

/** A place a card can be: deck top, discard top/bottom, a discard index, display, hand, village slot, kept aside. */
export type Loc = Extract<Event, { type: 'Move' }>['from'];

/** Who may see a card's identity in the event: everyone, one seat, or nobody. */
export type Vis = Extract<Event, { type: 'Move' }>['vis'];

export type EventType = Event['type'];
