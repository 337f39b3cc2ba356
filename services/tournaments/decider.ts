/**
 * The tournament as a decider: decide(state, command) → events, evolve(state, event) → state.
 * Pure: no clock, no randomness (the app layer hands in the boards' seeds and the games' ids),
 * no storage. Game-specific checks (the game exists, its seat count, its options) are the
 * app's (service.ts), before `create` gets here.
 */
import { isPlainName, NAME_NOT_PLAIN, sha256Hex } from '../engine/core/index.js';
import { AppError } from '../app/errors.js';
import type { Entrant, TournamentEvent, TournamentSettings } from './events.js';
import type { EntryLimits } from './rules.js';
import { circleTables, metKey, swissTables } from './pairing.js';
import { boardCount, roundGames, type PlannedGame } from './schedule.js';
import { gamePoints, standings, type ScoredGame, type Standing } from './scoring.js';
import type { RoundState, TournamentState } from './state.js';

export const LIMITS = { entrants: 64, rounds: 15, seats: 6, nameLength: 40 } as const;

export type TournamentCommand =
  | { type: 'create'; id: string; creator: string; settings: TournamentSettings; bots: Entrant[] }
  | { type: 'join'; entrant: Entrant; rules?: EntryLimits }
  | { type: 'remove'; by: string; index: number; name?: string }
  | { type: 'start'; by: string }
  | { type: 'startRound'; round: number; seeds: string[]; gameIds: string[] }
  | { type: 'score'; gameId: string; scores: number[]; left?: number[] };

const refuse = (code: 'BAD_INPUT' | 'FORBIDDEN' | 'VERSION_CONFLICT', message: string): never => {
  throw new AppError(code, message);
};

export function decide(state: TournamentState | null, command: TournamentCommand): TournamentEvent[] {
  if (command.type === 'create') {
    if (state) refuse('BAD_INPUT', 'the tournament exists');
    const s = command.settings;
    if (!Number.isInteger(s.rounds) || s.rounds < 1 || s.rounds > LIMITS.rounds) refuse('BAD_INPUT', `rounds is 1 to ${LIMITS.rounds}`);
    if (!Number.isInteger(s.seats) || s.seats < 2 || s.seats > LIMITS.seats) refuse('BAD_INPUT', `seats is 2 to ${LIMITS.seats}`);
    if (s.format === 'ROUND_ROBIN' && s.seats !== 2) refuse('BAD_INPUT', 'ROUND_ROBIN pairs two seats: use SWISS for more');
    if (command.bots.length > LIMITS.entrants) refuse('BAD_INPUT', `at most ${LIMITS.entrants} entrants`);
    return [{ type: 'TournamentCreated', creator: command.creator, ...s }, ...command.bots.map((entrant) => ({ type: 'EntrantJoined', entrant }) as const)];
  }
  if (!state) return refuse('BAD_INPUT', 'no such tournament');
  switch (command.type) {
    case 'join': {
      if (state.status !== 'OPEN') refuse('FORBIDDEN', 'the tournament has started');
      const e = command.entrant;
      if ('player' in e && state.entrants.some((x) => 'player' in x && x.player === e.player)) return []; // joining twice changes nothing
      if ('player' in e && state.removed?.includes(e.player)) refuse('FORBIDDEN', 'the creator removed you from this tournament');
      if (state.entrants.length >= LIMITS.entrants) refuse('FORBIDDEN', `the tournament is full (${LIMITS.entrants} entrants)`);
      if ('player' in e && command.rules) checkMarks(state, e.marks ?? {}, command.rules);
      if (e.name.trim().length < 1 || e.name.length > LIMITS.nameLength) refuse('BAD_INPUT', `a name has 1 to ${LIMITS.nameLength} characters`);
      if (!isPlainName(e.name)) refuse('BAD_INPUT', NAME_NOT_PLAIN);
      return [{ type: 'EntrantJoined', entrant: e }];
    }
    case 'remove': {
      if (command.by !== state.creator) refuse('FORBIDDEN', 'only the player who created the tournament may remove entrants');
      if (state.status !== 'OPEN') refuse('FORBIDDEN', 'the tournament has started: its entrants stay');
      if (!Number.isInteger(command.index) || command.index < 0 || command.index >= state.entrants.length) refuse('BAD_INPUT', `no entrant ${command.index}`);
      // Entrants move up as others leave: a removal named for whom the creator saw there removes no one else.
      const at = state.entrants[command.index]!;
      if (command.name !== undefined && at.name !== command.name) refuse('VERSION_CONFLICT', `entrant ${command.index} is now ${at.name}, not ${command.name}: read the tournament again`);
      return [{ type: 'EntrantRemoved', index: command.index }];
    }
    case 'start': {
      if (command.by !== state.creator) refuse('FORBIDDEN', 'only the player who created the tournament may start it');
      if (state.status !== 'OPEN') return [];
      const n = state.entrants.length;
      const k = state.settings.seats;
      if (n < k || n % k !== 0) refuse('FORBIDDEN', `${n} entrants do not fill tables of ${k}: a multiple of ${k} is needed`);
      // Bots alone would spend the server's bot pool on a game no person plays (issue 35).
      if (!state.entrants.some((e) => 'player' in e)) throw new AppError('TOURNAMENT_NEEDS_PLAYER', 'a tournament needs at least one registered player among its entrants');
      if (state.settings.format === 'ROUND_ROBIN' && state.settings.rounds > n - 1) refuse('FORBIDDEN', `a round robin of ${n} entrants has at most ${n - 1} rounds`);
      return [{ type: 'TournamentStarted' }];
    }
    case 'startRound': {
      const plan = nextRound(state);
      if (!plan || command.round !== plan.round) refuse('FORBIDDEN', 'no round is due');
      const p = plan!;
      if (command.seeds.length !== p.boards || command.gameIds.length !== p.games.length) refuse('BAD_INPUT', `round ${p.round} has ${p.boards} boards and ${p.games.length} games`);
      return [
        {
          type: 'RoundStarted',
          round: p.round,
          tables: p.tables,
          boards: command.seeds.map((seed) => ({ seed, seedHash: sha256Hex(seed) })),
          games: p.games.map((g, i) => ({ gameId: command.gameIds[i]!, ...g })),
        },
      ];
    }
    case 'score': {
      const round = state.rounds.find((r) => r.games.some((g) => g.gameId === command.gameId));
      if (!round) return refuse('BAD_INPUT', `game ${command.gameId} is not in this tournament`);
      if (round.scores[command.gameId]) return []; // scored already (a redelivered commit)
      if (command.scores.length !== state.settings.seats || command.scores.some((s) => !Number.isFinite(s))) refuse('BAD_INPUT', 'one finite score per seat');
      const left = (command.left ?? []).filter((s) => Number.isInteger(s) && s >= 0 && s < state.settings.seats);
      const events: TournamentEvent[] = [{ type: 'GameScored', gameId: command.gameId, scores: command.scores, ...(left.length > 0 && { left }) }];
      const scored = new Set([...Object.keys(round.scores), command.gameId]);
      const board = round.games.find((g) => g.gameId === command.gameId)!.board;
      if (round.games.filter((g) => g.board === board).every((g) => scored.has(g.gameId))) events.push({ type: 'BoardCompleted', round: round.round, board });
      if (round.games.every((g) => scored.has(g.gameId))) {
        events.push({ type: 'RoundCompleted', round: round.round });
        if (round.round === state.settings.rounds) events.push({ type: 'TournamentFinished' });
      }
      return events;
    }
  }
}

export function evolve(state: TournamentState | null, event: TournamentEvent, id = ''): TournamentState {
  if (event.type === 'TournamentCreated') {
    const { type: _t, creator, ...settings } = event;
    return { id, settings, creator, status: 'OPEN', entrants: [], rounds: [] };
  }
  const s = state!;
  const current = (change: (r: RoundState) => RoundState) => ({ ...s, rounds: [...s.rounds.slice(0, -1), change(s.rounds.at(-1)!)] });
  switch (event.type) {
    case 'EntrantJoined':
      return { ...s, entrants: [...s.entrants, event.entrant] };
    case 'EntrantRemoved': {
      const gone = s.entrants[event.index]!;
      return { ...s, entrants: s.entrants.filter((_, i) => i !== event.index), ...('player' in gone && { removed: [...(s.removed ?? []), gone.player] }) };
    }
    case 'TournamentStarted':
      return { ...s, status: 'RUNNING' };
    case 'RoundStarted':
      return { ...s, rounds: [...s.rounds, { round: event.round, tables: event.tables, boards: event.boards.map((b) => ({ ...b, completed: false })), games: event.games, scores: {}, completed: false }] };
    case 'GameScored': {
      const at = s.rounds.findIndex((r) => r.games.some((g) => g.gameId === event.gameId));
      const rounds = s.rounds.map((r, i) => (i === at ? { ...r, scores: { ...r.scores, [event.gameId]: event.scores }, ...(event.left && { left: { ...r.left, [event.gameId]: event.left } }) } : r));
      return { ...s, rounds };
    }
    case 'BoardCompleted':
      return { ...s, rounds: s.rounds.map((r) => (r.round === event.round ? { ...r, boards: r.boards.map((b, i) => (i === event.board ? { ...b, completed: true } : b)) } : r)) };
    case 'RoundCompleted':
      return current((r) => ({ ...r, completed: true }));
    case 'TournamentFinished':
      return { ...s, status: 'FINISHED' };
  }
}

/**
 * A player's entry against the limits: entrants per client address and per device, and, in a
 * duplicate tournament, no entrant who shares either with an entrant already in (one person with
 * two accounts at one board would hold both sides of its deal: docs/tournaments.md).
 */
function checkMarks(state: TournamentState, marks: { address?: string; device?: string }, rules: EntryLimits): void {
  const players = state.entrants.flatMap((x) => ('player' in x ? [x.marks ?? {}] : []));
  const same = (k: 'address' | 'device') => (marks[k] === undefined ? 0 : players.filter((m) => m[k] === marks[k]).length);
  if (state.settings.duplicate && rules.linkedInDuplicate === 'REFUSE' && (same('address') > 0 || same('device') > 0)) {
    refuseWith('LINKED_ENTRANT', 'an entrant of this duplicate tournament plays from your address or device: two accounts of one person must not hold both sides of a deal');
  }
  if (same('address') >= rules.entrantsPerAddress) refuseWith('ENTRY_LIMIT', `at most ${rules.entrantsPerAddress} entrants from one address`);
  if (same('device') >= rules.entrantsPerDevice) refuseWith('ENTRY_LIMIT', `at most ${rules.entrantsPerDevice} entrants from one device`);
}

const refuseWith = (code: 'LINKED_ENTRANT' | 'ENTRY_LIMIT', message: string): never => {
  throw new AppError(code, message);
};

export function fold(events: readonly TournamentEvent[], id: string, from: TournamentState | null = null): TournamentState {
  let s = from;
  for (const e of events) s = evolve(s, e, id);
  if (!s) throw new Error('no events');
  return s;
}

/** The round due now, if any: its number, tables, games and how many boards (seeds) it needs. */
export function nextRound(s: TournamentState): { round: number; tables: number[][]; games: PlannedGame[]; boards: number } | null {
  if (s.status !== 'RUNNING') return null;
  const last = s.rounds.at(-1);
  if (last && !last.completed) return null;
  const round = s.rounds.length + 1;
  if (round > s.settings.rounds) return null;
  const { seats, duplicate } = s.settings;
  const tables = s.settings.format === 'ROUND_ROBIN' ? circleTables(s.entrants.length, round) : swissTables(standingsOf(s).map((r) => r.entrant), seats, metOf(s));
  return { round, tables, games: roundGames(tables, seats, duplicate), boards: boardCount(tables.length, seats, duplicate) };
}

/** The games of complete boards, with their scores. */
export function scoredGames(s: TournamentState): ScoredGame[] {
  return s.rounds.flatMap((r) => r.games.filter((g) => r.boards[g.board]!.completed).map((g) => ({ board: `${r.round}:${g.board}`, seats: g.seats, scores: r.scores[g.gameId]!, ...(r.left?.[g.gameId] && { left: r.left[g.gameId] }) })));
}

export function standingsOf(s: TournamentState): Standing[] {
  return standings(s.entrants.length, gamePoints(scoredGames(s), s.settings.duplicate));
}

function metOf(s: TournamentState): Set<string> {
  const met = new Set<string>();
  for (const r of s.rounds) for (const t of r.tables) for (const a of t) for (const b of t) if (a !== b) met.add(metKey(a, b));
  return met;
}

/** The round and game of this tournament a game id belongs to. */
export function gameOf(s: TournamentState, gameId: string): { round: RoundState; game: RoundState['games'][number] } | null {
  for (const round of s.rounds) {
    const game = round.games.find((g) => g.gameId === gameId);
    if (game) return { round, game };
  }
  return null;
}
