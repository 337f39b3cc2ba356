/**
 * A bot's share of the wins at one seat against random play at the others, over fixed-seed games
 * played by `botGame` (a tie shares the win): how the greedy tests show a bot plays better than chance.
 */
import { botGame } from '../../services/analytics/bot-game.js';
import { randomBot, type AnyGame, type Bot, type GameEnded } from '../../services/engine/core/index.js';

export interface WinShareRun {
  seats: number;
  games: number;
  /** The game's seed for game g. */
  seed: (g: number) => string;
  /** The bot's seat in game g (default: rotating). */
  seatOf?: (g: number) => number;
}

export function winShareAgainstRandom(game: AnyGame, bot: Bot, run: WinShareRun): number {
  let won = 0;
  for (let g = 0; g < run.games; g++) {
    const seat = run.seatOf ? run.seatOf(g) : g % run.seats;
    const play: Bot = (view, legal, rng, context) => (context.seat === seat ? bot : randomBot)(view, legal, rng, context);
    const commits = botGame(game, { seats: run.seats, seed: run.seed(g), botSeed: g, bot: play, now: () => '2026-01-01T00:00:00.000Z' });
    const end = commits.at(-1)!.events.find((e) => (e as { type: string }).type === 'GameEnded') as GameEnded;
    if (end.result.winners.includes(seat)) won += 1 / end.result.winners.length;
  }
  return won / run.games;
}
