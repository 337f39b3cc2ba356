/**
 * Seledyne (سلداین), by Real Dynamics: six Manisi houses gift their cards away by die
 * differences, tribute gifted cards to Isthām and score them over three stages.
 * Rules as Parlor plays them: docs/rules/seledyne.md; every open point is an option (options.ts).
 */
import { defineGame, ensure, standingOf } from '../../core/index.js';
import { command } from './commands.js';
import { evolve } from './evolve.js';
import { SELEDYNE_EVENT_SCHEMAS } from './event-schemas.js';
import { legalCommands, status } from './legal.js';
import { options } from './options.js';
import { decide, start } from './flow.js';
import { initialState } from './state.js';
import { playoutView, redact, view } from './view.js';
import { sampleWorld } from './sample-world.js';
import { viewSchema, viewType } from './view-schema.js';
import { takeBack } from './take-back.js';
import { eventCount, expand } from './rounds.js';

export const seledyne = defineGame({
  id: 'seledyne',
  names: { en: 'Seledyne', fa: 'سلداین' },
  seats: { min: 2, max: 6 },
  options,
  command,
  viewType,
  viewSchema,
  events: SELEDYNE_EVENT_SCHEMAS,
  validateSetup({ seats, options: o }) {
    const bad = (cond: boolean, message: string) => ensure(!cond, message, 'BAD_INPUT');
    bad(o.mode !== 'NORMAL', `mode ${o.mode} is not specified (A27): only NORMAL is playable`);
    bad(o.playerCount.min > o.playerCount.max, 'playerCount.min is above playerCount.max');
    bad(seats < o.playerCount.min || seats > o.playerCount.max, `this table takes ${o.playerCount.min} to ${o.playerCount.max} players (A1)`);
    bad(o.designatedStartSeat >= seats, 'designatedStartSeat must be a seat in play');
    bad(o.houses.length > 0 && o.houses.length < seats, 'houses must name a house for every seat');
    bad(new Set(o.houses).size !== o.houses.length, 'each player has a different house');
    bad(o.exchangeCardValue === o.sumCardValue, 'the Exchange and Sum cards have different values');
  },
  initialState,
  start,
  decide,
  evolve,
  legalCommands,
  view,
  playoutView,
  redact,
  takeBack: (_before, events) => takeBack(events),
  status,
  // The running totals the score cards show (after the floor).
  standing: (s, among) => standingOf(s.players.map((p) => p.total), among, 'highest'),
  sampleWorld,
  expand,
  eventCount,
});

export default seledyne;
