/**
 * Seledyne's events, inferred from their zod schemas (event-schemas.ts, the one source of both the
 * types and the published JSON Schema). Hidden parts (another seat's cards, a pending simultaneous
 * choice) are replaced by `null` in the copy a viewer receives (see view.ts `redact`).
 * Where each comes from in the rules (docs/rules/seledyne.md): StageStarted §2.4; RoundDrawChosen
 * and RoundDrawResolved §3 R1; Rolled §3 R2; SixRuleChosen and SixRuleResolved §3 R3; Exchanged
 * §4.6; TributeSelected and Tributed §4.3; SixMultipleDrawn and DrawsStopped §4.7; Gifted §4.2;
 * LastRoundTriggered §5.1; TurnEnded (`auto` when public facts left nothing else to do: an empty
 * hand with no tribute leading to a gift, A30, or an empty reserve); RoundEnded §3 R5; StageEnded §5;
 * RoundsRolled (rounds.ts): a run of rounds that played themselves, standing for the RoundEnded,
 * RoundDrawResolved, Rolled and TurnEnded events games stored before it hold (rules doc, A.3).
 */
import type { EventsOf } from '../../core/same-type.js';
import type { SELEDYNE_EVENT_SCHEMAS } from './event-schemas.js';

export type SeledyneEvent = EventsOf<typeof SELEDYNE_EVENT_SCHEMAS>;

type StageEnded = Extract<SeledyneEvent, { type: 'StageEnded' }>;
export type ExchangeTime = Extract<SeledyneEvent, { type: 'Exchanged' }>['at'];
export type StageEndReason = StageEnded['reason'];
/** A seat's stage score: Isthām points (A18 decides whose), its counter's sum, the total after the floor (A19) and without it. */
export type StageScore = StageEnded['scores'][number];
