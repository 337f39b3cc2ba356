/**
 * Which Seledyne moves can be taken back (core/take-back.ts): building a tribute from your
 * counter (public cards), moving it to Isthām, declining further Six-Multiple draws, passing and
 * ending the turn — unless the turn's end starts a round (the dice are rolled). Draws, exchanges
 * and gifts move hidden cards, and round draws and Six Rule choices are simultaneous: they cannot.
 */
import { onlyEvents } from '../../core/index.js';
import type { SeledyneEvent } from './events.js';

export const TAKE_BACK_EVENTS: readonly SeledyneEvent['type'][] = ['TributeSelected', 'Tributed', 'DrawsStopped', 'TurnEnded'];
export const takeBack = onlyEvents<SeledyneEvent>(TAKE_BACK_EVENTS);
