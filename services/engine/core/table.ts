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
import { stateAfter } from './emitter.js';
import { ensure } from './errors.js';
import { rngFor, sha256Hex } from './rng.js';
import { parseStrict } from './strict.js';
import { isListed, listedAs, refuseUnlisted } from './listed.js';
import { isPlainName, NAME_NOT_PLAIN } from './names.js';
import { lastOf } from './last.js';

export type TableCommand =
  | { type: 'create'; game: string; seats: number; options: unknown; seed: string; seedFixed: boolean }
  | { type: 'join'; name: string; tokenHash: string; entropy?: string }
  | { type: 'move'; seat: Seat; move: unknown }
  /** Ends a running game where it stands (the game's `standing`); `last` seats are no winners. */
  | { type: 'stop'; last: Seat[] };

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
  /** Ended by a `stop` command before the rules ended it: `result` is the standing then. */
  stopped?: true;
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
  /** Events applied so far (a compact event counts as the events it stands for, `Game.eventCount`): the key of the next commit's random stream. */
  events: number;
  /** The result of a game ended by `stop` (absent otherwise: the game's own status holds it). */
  stopped?: GameResult;
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

/**
 * The deal seed of a game, hashed once per game rather than once per move: keyed by the players
 * array, which every state after the last join shares (evolve copies the reference).
 */
const dealSeeds = new WeakMap<readonly unknown[], { seed: string; deal: string }>();
/** The players array and seed asked last, and their deal seed: a game's moves come one after another, so most asks end here, before the WeakMap. */
let lastPlayers: readonly unknown[] | null = null;
let lastSeed = '';
let lastDeal = '';
function randomSeed(s: TableState): string {
  if (s.players === lastPlayers && s.seed === lastSeed) return lastDeal;
  const known = dealSeeds.get(s.players);
  const deal = known && known.seed === s.seed ? known.deal : dealSeed(s.seed, s.players.map((p) => p.entropy));
  if (!s.started) return deal;
  if (known?.seed !== s.seed) dealSeeds.set(s.players, { seed: s.seed, deal });
  lastPlayers = s.players;
  lastSeed = s.seed;
  lastDeal = deal;
  return deal;
}

const isEmptyOptions = (o: unknown) => o === undefined || o === null || (typeof o === 'object' && !Array.isArray(o) && Object.keys(o).length === 0 && Object.getPrototypeOf(o) === Object.prototype);

const WAITING: Status = { phase: 'waiting-for-players', toMove: [], over: false, result: null };
const RESERVED = new Set(['GameCreated', 'SeatTaken', 'GameEnded']);

/** Events `decide` returned, with the state they lead to: the caller's `fold` of them is then free. */
interface Decided {
  events: TableEvent[];
  state: TableState;
}

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
  /** The options of a game created with none given, parsed once (frozen: every such game shares them). */
  let defaultOptions: unknown;

  /**
   * The game's status of the last play state asked about: a move reads it several times (the caller's
   * whose-turn, legalMoves, decide's turn check, the ending check), and it is a pure function of `play`.
   */
  const playStatus = lastOf((play: unknown): Status => game.status(play));
  const status = (s: TableState): Status => (s.stopped ? { phase: 'over', toMove: [], over: true, result: s.stopped } : s.started ? playStatus(s.play) : WAITING);

  /**
   * The legal list `legalMoves` handed out last, for which state and seat. A move that is one of its
   * very objects was built by the game itself, so its shape needs no second check; a move from
   * outside (parsed from JSON) never is one, and is validated in full.
   */
  let offeredState: TableState | null = null;
  let offeredSeat: Seat = -1;
  let offered: readonly unknown[] = [];
  function legalMoves(s: TableState, seat: Seat): unknown[] {
    const moves = s.started && !s.ended && status(s).toMove.includes(seat) ? game.legalCommands(s.play, seat) : [];
    offeredState = s;
    offeredSeat = seat;
    offered = moves;
    return moves;
  }
  const builtByGame = (s: TableState, seat: Seat, move: unknown) =>
    offeredState === s && offeredSeat === seat && typeof move === 'object' && move !== null && offered.includes(move);

  /** What a game event counts for in `events` (a compact event: the events it stands for). */
  const count = game.eventCount?.bind(game);
  const counted = (events: readonly TableEvent[]) => {
    if (!count) return events.length;
    let n = 0;
    for (const e of events) n += count(e);
    return n;
  };

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
    if (e.type === 'GameEnded') return (e as GameEnded).stopped ? { ...next(s, { ended: true }), stopped: (e as GameEnded).result } : next(s, { ended: true });
    return next(s, { play: game.evolve(s.play, e) }, count ? count(e) : 1);
  }

  /** The state after `count` more events. Written out field by field: V8 copies this far faster than a spread. */
  function next(s: TableState, change: Partial<Pick<TableState, 'players' | 'started' | 'ended' | 'play'>>, count = 1): TableState {
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
      events: s.events + count,
    };
  }

  /**
   * The last `decide` result (the very array), where it started and the state it leads to: the
   * caller's `fold` of it, which follows at once, reads the state back instead of folding again.
   */
  let decidedEvents: readonly TableEvent[] | null = null;
  let decidedFrom: TableState | null = null;
  let decidedTo: TableState | null = null;
  let decidedLength = 0;

  function fold(events: readonly TableEvent[], from: TableState | null = null): TableState {
    if (decidedEvents === events && decidedFrom === from && decidedLength === events.length) return decidedTo!;
    let s = from;
    for (const e of events) s = evolve(s, e);
    if (!s) throw new Error('no events');
    return s;
  }

  /** The game's events plus `GameEnded` when they finish the game, and the state they lead to. */
  function withEnding(s: TableState, events: TableEvent[]): Decided {
    for (const e of events) if (RESERVED.has(e.type)) ensure(false, `game emitted reserved event ${e.type}`);
    // The game's Emitter has usually applied these events already: reuse its state.
    const play = stateAfter(events, s.play, game.evolve);
    const after = play === undefined ? fold(events, s) : next(s, { play }, counted(events));
    const st = status(after);
    if (!st.over) return { events, state: after };
    const ended: GameEnded = { type: 'GameEnded', result: st.result!, seed: s.seed };
    return { events: [...events, ended], state: evolve(after, ended) };
  }

  /** `stop`: the standing as the result, with the `last` seats out of the winners (at least one seat stays in). */
  function stopped(s: TableState, last: readonly Seat[]): Decided {
    const among = Array.from({ length: s.seats }, (_, seat) => seat).filter((seat) => !last.includes(seat));
    ensure(among.length > 0, 'a stop leaves at least one seat in', 'BAD_INPUT');
    const result = game.standing ? game.standing(s.play, among) : { scores: Array(s.seats).fill(0), winners: among };
    const ended: GameEnded = { type: 'GameEnded', result, seed: s.seed, stopped: true };
    return { events: [ended], state: evolve(s, ended) };
  }

  function decide(s: TableState | null, cmd: TableCommand): TableEvent[] {
    const { events, state } = decideAndApply(s, cmd);
    decidedEvents = events;
    decidedFrom = s;
    decidedTo = state;
    decidedLength = events.length;
    return events;
  }

  function decideAndApply(s: TableState | null, cmd: TableCommand): Decided {
    if (cmd.type === 'create') {
      ensure(s === null, 'game already exists', 'BAD_INPUT');
      const { min, max } = game.seats;
      ensure(
        Number.isInteger(cmd.seats) && cmd.seats >= min && cmd.seats <= max,
        `${game.id} takes ${min} to ${max} seats`,
        'BAD_INPUT',
      );
      const options = isEmptyOptions(cmd.options) ? (defaultOptions ??= Object.freeze(parseStrict(game.options, {}, 'options'))) : parseStrict(game.options, cmd.options, 'options');
      game.validateSetup?.({ seats: cmd.seats, options });
      const created: GameCreated = {
        type: 'GameCreated',
        game: game.id,
        seats: cmd.seats,
        options,
        seedHash: sha256Hex(cmd.seed),
        seedFixed: cmd.seedFixed,
        seed: cmd.seed,
      };
      return { events: [created], state: evolve(null, created) };
    }
    ensure(s !== null, 'no such game', 'BAD_INPUT');
    if (cmd.type === 'join') {
      ensure(!s.started, 'every seat is taken', 'FORBIDDEN');
      const name = cmd.name.trim();
      ensure(name.length >= 1 && name.length <= 40, 'a name has 1 to 40 characters', 'BAD_INPUT');
      ensure(isPlainName(name), NAME_NOT_PLAIN, 'BAD_INPUT');
      if (cmd.entropy !== undefined) ensure(cmd.entropy.length >= 1 && cmd.entropy.length <= MAX_ENTROPY, `entropy has 1 to ${MAX_ENTROPY} characters`, 'BAD_INPUT');
      const taken: SeatTaken = { type: 'SeatTaken', seat: s.players.length, name, tokenHash: cmd.tokenHash, ...(cmd.entropy !== undefined && { entropy: cmd.entropy }) };
      const full = evolve(s, taken);
      if (!full.started) return { events: [taken], state: full };
      const begun = withEnding(full, game.start(full.play, rngFor(randomSeed(full), full.events)));
      return { events: [taken, ...begun.events], state: begun.state };
    }
    ensure(!s.ended, 'the game is over', 'GAME_OVER');
    ensure(s.started, 'the game waits for players', 'NOT_YOUR_TURN');
    if (cmd.type === 'stop') return stopped(s, cmd.last);
    if (!status(s).toMove.includes(cmd.seat)) ensure(false, `seat ${cmd.seat} is not to move`, 'NOT_YOUR_TURN');
    // A move that is one of the very objects legalMoves just listed is listed and well formed by
    // construction. Any other is accepted only if it equals a listed move (#37: a game's decide may
    // take other spellings of them), and then the listed object is decided: it is well formed, so a
    // move sent as listed needs no parse (the write path's CPU, issue 33). One that is not listed as
    // sent is parsed (BAD_INPUT names what is wrong) and checked again as parsed.
    let move = cmd.move;
    if (!builtByGame(s, cmd.seat, move)) {
      const listed = game.legalCommands(s.play, cmd.seat);
      const sent = move;
      move = listedAs(listed, sent);
      if (move === undefined) {
        move = parseStrict(game.command, sent, 'move');
        if (!isListed(listed, move)) refuseUnlisted(game, s.play, move, cmd.seat, listed, rngFor(randomSeed(s), s.events));
      }
    }
    return withEnding(s, game.decide(s.play, move, cmd.seat, rngFor(randomSeed(s), s.events)));
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
    legalMoves,
  };
}

const tables = new WeakMap<AnyGame, Table>();
/** The one table of a game: the server, the lab and the league share it (it remembers its last decide). */
export function tableFor(game: AnyGame): Table {
  let t = tables.get(game);
  if (!t) tables.set(game, (t = table(game)));
  return t;
}

/** A game created with a fixed seed and every seat taken (p0, p1 …): started, as the lab and the test kits play it. */
export function seatedTable(t: Table, o: { seats: number; options: unknown; seed: string }): TableState {
  let state = t.fold(t.decide(null, { type: 'create', game: t.game.id, seats: o.seats, options: o.options, seed: o.seed, seedFixed: true }));
  for (let s = 0; s < o.seats; s++) state = t.fold(t.decide(state, { type: 'join', name: `p${s}`, tokenHash: `h${s}` }), state);
  return state;
}
