/** Tournaments: a sealed game's deal revealed once its board has ended (services/tournaments). */
import type { AppState } from './state.js';

/** Every table of the game's board has ended: its seed and record may be shown (a sealed tournament game). */
export interface DealRevealed {
  type: 'DealRevealed';
}


export const tournamentFolds = {
  DealRevealed: (s: AppState, _e: DealRevealed): AppState => ({ ...s, revealed: true }),
};
