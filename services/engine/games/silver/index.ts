/**
 * Silver (Bezier Games): Silver Dagger, Silver Coin, the base "amulet" deck, the promo cards,
 * mixed by card number. The rules as Parlor plays them: docs/rules/silver.md.
 */
import { defineGame, RuleViolation, standingOf, type Status } from '../../core/index.js';
import { catalog } from './cards.js';
import { command, type Command } from './commands.js';
import type { Event } from './events.js';
import { evolve } from './evolve.js';
import { SILVER_EVENT_SCHEMAS } from './event-schemas.js';
import { legalCommands, toMove } from './legal.js';
import { options, type Options } from './options.js';
import { decide, start } from './rules.js';
import { sampleWorld } from './sample-world.js';
import { initialState, type State } from './state.js';
import { playoutView, redact, view, type SilverView } from './view.js';
import { viewSchema } from './view-schema.js';
import { takeBack } from './take-back.js';

export { catalog as cards } from './cards.js';

function status(s: State): Status {
  if (s.phase === 'over') return { phase: 'over', toMove: [], over: true, result: { scores: s.scores, winners: s.winners ?? [] } };
  const phase = s.phase === 'play' ? (s.pending?.kind ?? 'turn') : s.phase;
  return { phase, toMove: toMove(s), over: false, result: null };
}

export const silver = defineGame<State, Command, Event, Options, SilverView, typeof catalog>({
  id: 'silver',
  names: { en: 'Silver', fa: 'سیلور' },
  seats: { min: 2, max: 4 },
  options,
  command,
  viewType: 'SilverView',
  viewSchema,
  events: SILVER_EVENT_SCHEMAS,
  validateSetup({ seats, options: o }) {
    if (o.firstStartPlayer !== 'random' && o.firstStartPlayer >= seats) throw new RuleViolation('BAD_INPUT', `firstStartPlayer must be below ${seats}`);
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
  // The game totals of the rounds scored so far (lowest wins); the round in play counts nothing yet.
  standing: (s, among) => standingOf(s.scores, among, 'lowest'),
  sampleWorld,
  catalog,
});

export default silver;
