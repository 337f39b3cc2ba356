/** What a tournament's events fold to (plain JSON). */
import { DEFAULT_TIMEOUT_BOT } from '../bots/spec.js';
import type { Entrant, RoundGame, TournamentCreated } from './events.js';

export type TournamentStatus = 'OPEN' | 'RUNNING' | 'FINISHED';

export interface RoundState {
  round: number;
  tables: number[][];
  boards: { seed: string; seedHash: string; completed: boolean }[];
  games: RoundGame[];
  /** Final scores by game id, once the game has ended. */
  scores: Record<string, number[]>;
  /** Seats that resigned or forfeited, by game id (absent: none). */
  left?: Record<string, number[]>;
  completed: boolean;
}

export interface TournamentState {
  id: string;
  settings: Omit<TournamentCreated, 'type' | 'creator'>;
  creator: string;
  status: TournamentStatus;
  entrants: Entrant[];
  /** Players the creator removed: they cannot join again (absent: none). */
  removed?: string[];
  rounds: RoundState[];
}

/** The bot that plays a seat of the tournament's games whose player times out, resigns or forfeits. */
export const timeoutBotOfTournament = (s: TournamentState): string => s.settings.timeoutBot ?? DEFAULT_TIMEOUT_BOT;
