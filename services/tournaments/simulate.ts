/**
 * Whole tournaments played in memory by bots, through the tournament decider and the games'
 * table deciders (no storage, no server): what `bench/duplicate.ts` measures duplicate with.
 * Every deal comes from the seeds given, so a run is reproducible.
 */
import type { AnyGame, Bot, GameEnded } from '../engine/core/index.js';
import { botGame } from '../analytics/bot-game.js';
import { decide, fold, nextRound } from './decider.js';
import type { Format, TournamentEvent } from './events.js';
import type { TournamentState } from './state.js';

export interface SimulatedTournament {
  game: AnyGame;
  seats: number;
  rounds: number;
  format: Format;
  duplicate: boolean;
  options?: unknown;
  /** One bot per entrant (entry order). */
  entrants: readonly Bot[];
  /** Seeds every board and every bot choice. */
  seed: string;
}

/** Plays the tournament to its end and returns its final state (standingsOf gives the table). */
export function simulateTournament(o: SimulatedTournament): TournamentState {
  const settings = { game: o.game.id, seats: o.seats, rounds: o.rounds, format: o.format, duplicate: o.duplicate, options: o.options ?? {} };
  const bots = o.entrants.map((_, i) => ({ bot: 'sim', name: `e${i}` }));
  let events: TournamentEvent[] = [...decide(null, { type: 'create', id: 'sim', creator: 'sim', settings, bots }), { type: 'TournamentStarted' }];
  let state = fold(events, 'sim');
  const apply = (more: TournamentEvent[]) => {
    events = [...events, ...more];
    state = fold(more, 'sim', state);
  };
  for (let plan = nextRound(state); plan; plan = nextRound(state)) {
    const seeds = Array.from({ length: plan.boards }, (_, b) => `${o.seed}/round ${plan!.round}/board ${b}`);
    apply(decide(state, { type: 'startRound', round: plan.round, seeds, gameIds: plan.games.map((_, i) => `r${plan!.round}g${i}`) }));
    for (const [i, g] of plan.games.entries()) {
      const commits = botGame(o.game, { seats: o.seats, options: o.options, seed: seeds[g.board]!, botSeed: hashInt(`${o.seed}/${plan.round}/${i}`), bots: g.seats.map((e) => o.entrants[e]!) });
      const ended = commits.at(-1)!.events.find((e) => (e as { type: string }).type === 'GameEnded') as GameEnded;
      apply(decide(state, { type: 'score', gameId: `r${plan.round}g${i}`, scores: ended.result.scores }));
    }
  }
  return state;
}

function hashInt(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
