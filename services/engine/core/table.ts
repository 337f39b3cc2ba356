/**
 * The table: the lifecycle every game shares, as one decider wrapped around a `Game`.
 * A game is created with a secret seed (its hash public), seats are taken one by one,
 * the game starts when the last seat is taken, moves are checked for turn and shape
 * before the game's own rules see them, and the seed is revealed when the game ends.
 *
 * Table events and game events share one stream; the table's own event types are
 * reserved names (`GameCreated`, `SeatTaken`, `GameEnded`).
 */
import type { AnyGame, GameEvent, GameResult, Seat, Status, Viewer } from './decider.js';
import { ensure } from './errors.js';
import { rngFor, sha256Hex } from './rng.js';
import { parseStrict } from './strict.js';

export type TableCommand =
  | { type: 'create'; game: string; seats: number; options: unknown; seed: string; seedFixed: boolean }
  | { type: 'join'; name: string; tokenHash: string; entropy?: string }
  | { type: 'move'; seat: Seat; move: unknown };

export interface GameCreated {
  type: 'GameCreated';
  game: string;
  seats: number;
  options: unknown;
  seedHash: string;
  seedFixed: boolean;
  /** Secret: stripped from every redacted copy; published in `GameEnded`. */
  seed?: string;
}
export interface SeatTaken {
  type: 'SeatTaken';
  seat: Seat;
  name: string;
  /** SHA-256 of the seat token; never shown to anyone. */
  tokenHash?: string;
  /** The player's contribution to the deal's seed (public), when it gave one. */
  entropy?: string;
}
export interface GameEnded {
  type: 'GameEnded';
  result: GameResult;
  seed: string;
}
export type TableEvent = GameCreated | SeatTaken | GameEnded | GameEvent;

export interface TableState {
  game: string;
  seats: number;
  options: unknown;
  seedHash: string;
  seedFixed: boolean;
  seed: string;
  players: { name: string; tokenHash: string; entropy?: string }[];
  /** The game's own state; its `start` events apply once every seat is taken. */
  play: unknown;
  started: boolean;
  ended: boolean;
  /** Events applied so far: the key of the next commit's random stream. */
  events: number;
}

/** The longest entropy a player may add. */
export const MAX_ENTROPY = 200;

/**
 * The seed every shuffle and deal draws from: the server's secret seed alone, or, once any
 * player added entropy, the hash of that seed and every seat's contribution (null for none).
 * The server committed to its seed (seedHash) before seeing any entropy, and no player sees the
 * seed before the end: neither chooses the deal alone.
 */
export function dealSeed(seed: string, entropy: readonly (string | undefined)[]): string {
  if (entropy.every((e) => e === undefined)) return seed;
  return sha256Hex(JSON.stringify({ seed, entropy: entropy.map((e) => e ?? null) }));
}

const randomSeed = (s: TableState) => dealSeed(s.seed, s.players.map((p) => p.entropy));

const WAITING: Status = { phase: 'waiting-for-players', toMove: [], over: false, result: null };
const RESERVED = new Set(['GameCreated', 'SeatTaken', 'GameEnded']);

export interface Table {
  game: AnyGame;
  decide(state: TableState | null, command: TableCommand): TableEvent[];
  evolve(state: TableState | null, event: TableEvent): TableState;
  fold(events: readonly TableEvent[], from?: TableState | null): TableState;
  status(state: TableState): Status;
  view(state: TableState, viewer: Viewer): unknown;
  legalMoves(state: TableState, seat: Seat): unknown[];
  redact(event: TableEvent, viewer: Viewer): TableEvent;
}

export function table(game: AnyGame): Table {
  const status = (s: TableState): Status => (s.started ? game.status(s.play) : WAITING);

  function evolve(s: TableState | null, e: TableEvent): TableState {
    if (e.type === 'GameCreated') {
      const c = e as GameCreated;
      return {
        game: c.game,
        seats: c.seats,
        options: c.options,
        seedHash: c.seedHash,
        seedFixed: c.seedFixed,
        seed: c.seed ?? '',
        players: [],
        play: game.initialState({ seats: c.seats, options: c.options }),
        started: false,
        ended: false,
        events: 1,
      };
    }
    if (!s) throw new Error(`event ${e.type} before GameCreated`);
    if (e.type === 'SeatTaken') {
      const t = e as SeatTaken;
      const players = [...s.players, { name: t.name, tokenHash: t.tokenHash ?? '', ...(t.entropy !== undefined && { entropy: t.entropy }) }];
      return next(s, { players, started: players.length === s.seats });
    }
    if (e.type === 'GameEnded') return next(s, { ended: true });
    return next(s, { play: game.evolve(s.play, e) });
  }

  /** The state after one more event. Written out field by field: V8 copies this far faster than a spread. */
  function next(s: TableState, change: Partial<Pick<TableState, 'players' | 'started' | 'ended' | 'play'>>): TableState {
    return {
      game: s.game,
      seats: s.seats,
      options: s.options,
      seedHash: s.seedHash,
      seedFixed: s.seedFixed,
      seed: s.seed,
      players: change.players ?? s.players,
      play: 'play' in change ? change.play : s.play,
      started: change.started ?? s.started,
      ended: change.ended ?? s.ended,
      events: s.events + 1,
    };
  }

  function fold(events: readonly TableEvent[], from: TableState | null = null): TableState {
    let s = from;
    for (const e of events) s = evolve(s, e);
    if (!s) throw new Error('no events');
    return s;
  }

  /** The game's events plus `GameEnded` when they finish the game. */
  function withEnding(s: TableState, events: TableEvent[]): TableEvent[] {
    for (const e of events) ensure(!RESERVED.has(e.type), `game emitted reserved event ${e.type}`);
    const after = fold(events, s);
    const st = status(after);
    if (!st.over) return events;
    return [...events, { type: 'GameEnded', result: st.result!, seed: s.seed } satisfies GameEnded];
  }

  function decide(s: TableState | null, cmd: TableCommand): TableEvent[] {
    if (cmd.type === 'create') {
      ensure(s === null, 'game already exists', 'BAD_INPUT');
      const { min, max } = game.seats;
      ensure(
        Number.isInteger(cmd.seats) && cmd.seats >= min && cmd.seats <= max,
        `${game.id} takes ${min} to ${max} seats`,
        'BAD_INPUT',
      );
      const options = parseStrict(game.options, cmd.options ?? {}, 'options');
      game.validateSetup?.({ seats: cmd.seats, options });
      return [
        {
          type: 'GameCreated',
          game: game.id,
          seats: cmd.seats,
          options,
          seedHash: sha256Hex(cmd.seed),
          seedFixed: cmd.seedFixed,
          seed: cmd.seed,
        } satisfies GameCreated,
      ];
    }
    ensure(s !== null, 'no such game', 'BAD_INPUT');
    if (cmd.type === 'join') {
      ensure(!s.started, 'every seat is taken', 'FORBIDDEN');
      const name = cmd.name.trim();
      ensure(name.length >= 1 && name.length <= 40, 'a name has 1 to 40 characters', 'BAD_INPUT');
      if (cmd.entropy !== undefined) ensure(cmd.entropy.length >= 1 && cmd.entropy.length <= MAX_ENTROPY, `entropy has 1 to ${MAX_ENTROPY} characters`, 'BAD_INPUT');
      const taken: SeatTaken = { type: 'SeatTaken', seat: s.players.length, name, tokenHash: cmd.tokenHash, ...(cmd.entropy !== undefined && { entropy: cmd.entropy }) };
      if (s.players.length + 1 < s.seats) return [taken];
      const full = evolve(s, taken);
      return [taken, ...withEnding(full, game.start(full.play, rngFor(randomSeed(full), full.events)))];
    }
    ensure(!s.ended, 'the game is over', 'GAME_OVER');
    ensure(s.started, 'the game waits for players', 'NOT_YOUR_TURN');
    ensure(status(s).toMove.includes(cmd.seat), `seat ${cmd.seat} is not to move`, 'NOT_YOUR_TURN');
    const move = parseStrict(game.command, cmd.move, 'move');
    const events = game.decide(s.play, move, cmd.seat, rngFor(randomSeed(s), s.events));
    return withEnding(s, events);
  }

  function redact(e: TableEvent, viewer: Viewer): TableEvent {
    if (e.type === 'GameCreated') {
      const { seed: _secret, ...rest } = e as GameCreated;
      return rest;
    }
    if (e.type === 'SeatTaken') {
      const { tokenHash: _secret, ...rest } = e as SeatTaken;
      return rest;
    }
    if (e.type === 'GameEnded') return e;
    return game.redact(e, viewer);
  }

  return {
    game,
    decide,
    evolve,
    fold,
    status,
    redact,
    view: (s, viewer) => (s.started ? game.view(s.play, viewer) : null),
    legalMoves: (s, seat) => (s.started && !s.ended && status(s).toMove.includes(seat) ? game.legalCommands(s.play, seat) : []),
  };
}
