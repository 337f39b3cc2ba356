/** create: a new game of a type, with its options, seed and play-by-turn settings. */
import { randomUUID } from 'node:crypto';
import { newSeed, type TableCommand } from '../../engine/core/index.js';
import { tableFor, type Aggregate } from '../aggregate.js';
import { DEFAULT_SETTINGS, initialAppState, type GameSettings } from '../app-events.js';
import { AppError } from '../errors.js';
import { checkRatedCreate, RATED_MIN_MOVES } from '../rated.js';
import { RATED_LINKED_SEATS } from '../seat-marks.js';
import { decideOrRefuse, type ServiceCore } from './core.js';
import { withBots } from './seating.js';

export interface CreateInput {
  game: string;
  seats: number;
  options?: unknown;
  /** Fixes the shuffles (tests, tournaments): recorded as `seedFixed` in the game. */
  seed?: string;
  /** Play-by-turn settings (clocks, bots …); absent = plain table play. */
  settings?: Partial<Omit<GameSettings, 'type'>>;
  /**
   * The game's id, chosen by a caller on the server (never by a client): matchmaking names the
   * game by its pairing's claim, so a pairing cut off after the game was created finds it again.
   * Creating it twice is a conflict (the append at version 0 is conditional).
   */
  id?: string;
}

export async function createGame(core: ServiceCore, input: CreateInput): Promise<Aggregate> {
  const game = core.lookup(input.game);
  if (!game) throw new AppError('BAD_INPUT', `unknown game type "${input.game}"`);
  if (input.seed !== undefined && (input.seed.length < 1 || input.seed.length > 200)) throw new AppError('BAD_INPUT', 'a seed has 1 to 200 characters');
  checkRatedCreate(input);
  const id = input.id ?? randomUUID();
  const empty: Aggregate = { id, version: 0, table: tableFor(game), state: null as never, commandIds: {}, app: initialAppState() };
  const command: TableCommand = { type: 'create', game: game.id, seats: input.seats, options: input.options ?? {}, seed: input.seed ?? newSeed(), seedFixed: input.seed !== undefined };
  const created = decideOrRefuse(empty, command);
  if (!input.settings) return core.commit(empty, created, { command });
  // The minimum of a rated game and its linked-seats rule are the server's, never the creator's.
  const { minMoves: _client, linkedSeats: _rule, ...asked } = input.settings;
  const rated = asked.rated && { minMoves: core.ratedMinMoves ?? RATED_MIN_MOVES, linkedSeats: core.ratedLinkedSeats ?? RATED_LINKED_SEATS };
  const settings = checkSettings(core, { ...DEFAULT_SETTINGS, ...asked, ...rated }, input.seats);
  return core.commit(empty, withBots(empty, [...created, { type: 'GameSettings', ...settings }]), { command });
}

function checkSettings(core: ServiceCore, settings: Omit<GameSettings, 'type'>, seats: number): Omit<GameSettings, 'type'> {
  const botSeats = new Set(settings.bots.map((b) => b.seat));
  if (botSeats.size !== settings.bots.length || settings.bots.some((b) => !Number.isInteger(b.seat) || b.seat < 0 || b.seat >= seats)) {
    throw new AppError('BAD_INPUT', `bot seats are distinct, from 0 to ${seats - 1}`);
  }
  // A tournament may seat bot entrants only: its tables are arranged, not joined.
  if (botSeats.size >= seats && !settings.tournament) throw new AppError('BAD_INPUT', 'a game needs at least one seat for a human');
  const unknown = settings.bots.find((b) => !core.isBotKind(b.kind));
  if (unknown) throw new AppError('BAD_INPUT', `unknown bot kind "${unknown.kind}"`);
  if (settings.timeoutBot !== undefined && !core.isBotKind(settings.timeoutBot)) throw new AppError('BAD_INPUT', `unknown bot kind "${settings.timeoutBot}"`);
  // A rated result or a tournament's standing stands on the moves as played: no take-backs there.
  if (settings.takeBack && (settings.rated || settings.tournament)) throw new AppError('BAD_INPUT', 'rated and tournament games do not allow taking moves back (takeBack)');
  return settings;
}
