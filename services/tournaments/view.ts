/**
 * What clients see of a tournament (GraphQL and REST alike). A board's seed appears only once
 * every table of the board has ended, and so do those games' scores; standings count complete
 * boards only. Nothing here comes from a game that is still sealed.
 */
import type { TimeControl } from '../app/app-events.js';
import { standingsOf } from './decider.js';
import type { Entrant } from './events.js';
import { timeoutBotOfTournament, type TournamentState } from './state.js';

export interface EntrantDto {
  index: number;
  name: string;
  player: string | null;
  bot: string | null;
}

const entrantDto = (e: Entrant, index: number): EntrantDto => ({ index, name: e.name, player: 'player' in e ? e.player : null, bot: 'bot' in e ? e.bot : null });

/** A time control as ISO 8601 durations, as clients wrote it. */
const iso = (ms: number) => `PT${ms / 1000}S`;
const timeControlDto = (t: TimeControl | undefined) => (!t ? null : 'perMoveMs' in t ? { perMove: iso(t.perMoveMs), bank: null, increment: null } : { perMove: null, bank: iso(t.bankMs), increment: iso(t.incrementMs) });

export function tournamentDto(s: TournamentState) {
  const entrants = s.entrants.map(entrantDto);
  return {
    id: s.id,
    game: s.settings.game,
    seats: s.settings.seats,
    roundCount: s.settings.rounds,
    format: s.settings.format,
    duplicate: s.settings.duplicate,
    rated: s.settings.rated === true,
    timeoutBot: timeoutBotOfTournament(s),
    timeControl: timeControlDto(s.settings.timeControl),
    options: s.settings.options,
    creator: s.creator,
    status: s.status,
    entrants,
    standings: standingsOf(s).map((r, i) => ({ rank: i + 1, entrant: entrants[r.entrant]!, points: r.points, difference: r.difference, games: r.games })),
    rounds: s.rounds.map((r) => ({
      round: r.round,
      completed: r.completed,
      tables: r.tables.map((members, table) => ({ table, entrants: members.map((e) => entrants[e]!) })),
      boards: r.boards.map((b, board) => ({
        board,
        seedHash: b.seedHash,
        seed: b.completed ? b.seed : null,
        completed: b.completed,
        games: r.games
          .filter((g) => g.board === board)
          .map((g) => ({ id: g.gameId, table: g.table, seats: g.seats.map((e) => entrants[e]!), ended: r.scores[g.gameId] !== undefined, scores: b.completed ? r.scores[g.gameId]! : null })),
      })),
    })),
  };
}

export type TournamentDto = ReturnType<typeof tournamentDto>;
