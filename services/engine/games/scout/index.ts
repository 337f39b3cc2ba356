/** SCOUT (Oink Games, Kei Kajino), 2–5 players: the rules as played here are docs/rules/scout.md. */
import { defineGame, ensure, standingOf } from '../../core/index.js';
import { catalog } from './cards.js';
import { command } from './commands.js';
import { evolve } from './evolve.js';
import { SCOUT_EVENT_SCHEMAS } from './event-schemas.js';
import { legalCommands } from './legal.js';
import { options } from './options.js';
import { decide, start } from './rules.js';
import { sampleWorld } from './sample-world.js';
import { initialState } from './state.js';
import { status } from './status.js';
import { redact, view } from './view.js';
import { viewSchema, viewType } from './view-schema.js';
import { takeBack } from './take-back.js';

export const scout = defineGame({
  id: 'scout',
  names: { en: 'SCOUT', fa: 'اسکات' },
  seats: { min: 2, max: 5 },
  options,
  command,
  viewType,
  viewSchema,
  events: SCOUT_EVENT_SCHEMAS,
  validateSetup({ seats, options: o }) {
    ensure(o.startSeat === null || o.startSeat < seats, `startSeat must be a seat number below ${seats}`, 'BAD_INPUT');
  },
  initialState,
  start,
  decide,
  evolve,
  legalCommands,
  view,
  redact,
  takeBack: (_before, events) => takeBack(events),
  status,
  standing: (s, among) => standingOf(s.totals, among, 'highest'),
  sampleWorld,
  catalog,
});

export default scout;
