/** Sea Salt & Paper (Bombyx, 2022), 2–4 players: the rules as played here are docs/rules/sea-salt-and-paper.md. */
import { defineGame, standingOf, type Viewer } from '../../core/index.js';
import { catalog } from './cards.js';
import { command, type Command } from './commands.js';
import type { Event } from './events.js';
import { evolve } from './evolve.js';
import { SEA_SALT_AND_PAPER_EVENT_SCHEMAS } from './event-schemas.js';
import { legalCommands } from './legal.js';
import { options, type Options } from './options.js';
import { sampleWorld } from './sample-world.js';
import { decide, start } from './rules.js';
import { initialState, type State } from './state.js';
import { status } from './status.js';
import { redact, view, type View } from './view.js';
import { viewSchema, viewType } from './view-schema.js';
import { takeBack } from './take-back.js';

export const seaSaltAndPaper = defineGame<State, Command, Event, Options, View, typeof catalog>({
  id: 'sea-salt-and-paper',
  names: { en: 'Sea Salt & Paper', fa: 'کاغذ و نمک دریایی' },
  seats: { min: 2, max: 4 },
  options,
  command,
  viewType,
  viewSchema,
  events: SEA_SALT_AND_PAPER_EVENT_SCHEMAS,
  initialState,
  start,
  decide,
  evolve,
  legalCommands,
  view: (s: State, viewer: Viewer) => view(s, viewer),
  redact,
  takeBack: (_before, events) => takeBack(events),
  status,
  // The totals of the rounds scored so far; the tie-breaks of §4.4 need a finished final round, so ties share.
  standing: (s, among) => standingOf(s.totals, among, 'highest'),
  sampleWorld,
  catalog,
});

export default seaSaltAndPaper;
