/**
 * Which Silver moves can be taken back (core/take-back.ts): steps that only choose what is
 * already known — marking cards for an exchange, naming a target, a seat or a number before
 * anything is looked at, naming the card a Bodyguard protects, calling for a vote, ending the
 * turn, swapping or rotating village cards unseen. Any move of a card cannot: it draws, looks,
 * flips a card up, or (even face down) tells the others whether its mover knew the card — the
 * law test (test/kit/take-back.ts) found that on `place`.
 */
import { onlyEvents } from '../../core/index.js';
import type { Event } from './events.js';

/** Events that tell no one anything they did not know. */
export const TAKE_BACK_EVENTS: readonly Event['type'][] = ['Pending', 'Guarded', 'Swap', 'Rotated', 'Reversed', 'AmuletPlaced', 'MainAction', 'TurnEnded', 'TurnStarted', 'TokenUsed'];
export const takeBack = onlyEvents<Event>(TAKE_BACK_EVENTS);
