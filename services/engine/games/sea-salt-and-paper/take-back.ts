/**
 * Which Sea Salt & Paper moves can be taken back (core/take-back.ts): ending the turn without a
 * call. Drawing (the deck is hidden), keeping (the other card goes face up), taking a discard
 * (the card beneath comes to the top: the law test, test/kit/take-back.ts, found that one), playing
 * a duo (its cards come out of a hidden hand, its effect may draw, look or steal) and calling
 * (hands are shown) cannot.
 */
import { onlyEvents } from '../../core/index.js';
import type { Event } from './events.js';

export const TAKE_BACK_EVENTS: readonly Event['type'][] = ['TurnEnded'];
export const takeBack = onlyEvents<Event>(TAKE_BACK_EVENTS);
