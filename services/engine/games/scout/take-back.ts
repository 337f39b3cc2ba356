/**
 * Which SCOUT moves can be taken back (core/take-back.ts): a Scout (a public card from an end of
 * the Active Set into your hand; only its flip and, optionally, its place are yours to know) and
 * paying the Scout & Show chip. A Show reveals hand cards, a round's end scores and deals anew,
 * and the rotation is a simultaneous hidden choice: none of those can.
 */
import { onlyEvents } from '../../core/index.js';
import type { ScoutEvent } from './events.js';

export const TAKE_BACK_EVENTS: readonly ScoutEvent['type'][] = ['ScoutShowStarted', 'Scouted'];
export const takeBack = onlyEvents<ScoutEvent>(TAKE_BACK_EVENTS);
