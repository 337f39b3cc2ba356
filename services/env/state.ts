/**
 * An OpenSpiel-shaped state over any game of the registry: integer actions with a legal mask, the
 * seat to act, terminal returns, observations and information states from a seat's view only,
 * cloning, and resampling the hidden cards from a seat's information state (the engine's
 * `sampleWorld`). It drives the game through its public contract alone: `decide` and `evolve`
 * for moves, `legalCommands` for what may be played, `view` and `redact` for what a seat sees.
 *
 * Decisions:
 * - A token completes a listed move: that very move (as `legalCommands` gives it) is applied, so
 *   every applied move is one the engine lists, and every listed move is reachable.
 * - Simultaneous steps are played one seat at a time, lowest seat first. That is sound because the
 *   engine hides a seat's choice from the others until all have chosen: a later seat's
 *   observation does not depend on the earlier choices.
 * - Chance lives inside the engine's moves (shuffles and deals draw from the seeded rng handed to
 *   `decide`), so `currentPlayer` never names a chance node; the seed makes games reproducible.
 * - Returns are paid at the end only: each winner gets 1 / (number of winners), every other seat 0
 *   (they sum to 1). The engine's raw scores are in `result()`.
 */
import type { AnyGame, GameEvent, GameResult, Status } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import { CloneableRng, seedOf } from './rng.js';
import type { GameSpace, Put, Setup, Slice } from './space.js';
import { spaceFor } from './spaces.js';

/** OpenSpiel's id for "no one: the game is over". */
export const TERMINAL = -4;

export interface EnvConfig {
  game: string;
  seats: number;
  options?: unknown;
  seed?: number | string;
}

/** An error with a stable code, for callers (and the Python side) to tell apart. */
export class EnvError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Code = number | readonly number[];

/** What is fixed for one (game, seats, options): shared by every state of it and its clones. */
export class EnvSpec {
  readonly size: number;
  readonly layout: Slice[];
  readonly obsSize: number;
  /** Offsets of the layout's slices by name. */
  readonly at: Record<string, number>;

  constructor(
    readonly game: AnyGame,
    readonly space: GameSpace,
    readonly setup: Setup,
  ) {
    this.size = space.size(setup);
    const layout = space.layout(setup);
    const end = layout.reduce((n, s) => n + s.size, 0);
    if (space.compound) layout.push({ name: 'prefix', offset: end, size: this.size, meaning: 'the tokens already chosen toward the current move (multi-hot over the vocabulary); all 0 between moves' });
    this.layout = layout;
    this.obsSize = layout.reduce((n, s) => n + s.size, 0);
    this.at = Object.fromEntries(layout.map((s) => [s.name, s.offset]));
  }

  static of(game: string, seats: number, options: unknown = {}): EnvSpec {
    const g = findGame(game);
    if (!g) throw new EnvError('ENV_UNKNOWN_GAME', `no game "${game}"`);
    if (!Number.isInteger(seats) || seats < g.seats.min || seats > g.seats.max) throw new EnvError('ENV_BAD_SEATS', `${game} takes ${g.seats.min} to ${g.seats.max} seats, not ${String(seats)}`);
    const parsed = g.options.safeParse(options ?? {});
    if (!parsed.success) throw new EnvError('ENV_BAD_OPTIONS', `${game} options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const setup = { seats, options: parsed.data as Record<string, unknown> };
    g.validateSetup?.(setup);
    return new EnvSpec(g, spaceFor(game), setup);
  }
}

export class EnvState {
  private status_: Status | null = null;
  /** The acting seat's listed moves and their codes, for the state as it stands. */
  private moves: readonly unknown[] | null = null;
  private codes: Code[] = [];
  private actor = -1;

  private constructor(
    readonly spec: EnvSpec,
    private s: unknown,
    private rng: CloneableRng,
    /** Every game event since the deal (or since a resample), as the engine emitted them. */
    private events: GameEvent[],
    /** Per seat, its redacted history before `events` (a resampled world knows only the resampling seat's). */
    private before: (GameEvent[] | null)[],
    /** Tokens chosen toward the acting seat's move. */
    private prefix_: number[],
    /** Every token applied, in order. */
    private tokens: number[],
  ) {}

  /** A new game, dealt with the seed (default 0). */
  static start(spec: EnvSpec, seed: number | string = 0): EnvState {
    const { game, setup } = spec;
    const rng = new CloneableRng(seedOf(seed));
    let s = game.initialState(setup);
    const events: GameEvent[] = [];
    for (const e of game.start(s, rng)) {
      s = game.evolve(s, e);
      events.push(e);
    }
    return new EnvState(spec, s, rng, events, Array.from({ length: setup.seats }, () => []), [], []);
  }

  static create(config: EnvConfig): EnvState {
    return EnvState.start(EnvSpec.of(config.game, config.seats, config.options), config.seed);
  }

  get game(): AnyGame {
    return this.spec.game;
  }
  numPlayers(): number {
    return this.spec.setup.seats;
  }
  numDistinctActions(): number {
    return this.spec.size;
  }
  observationTensorSize(): number {
    return this.spec.obsSize;
  }

  private status(): Status {
    return (this.status_ ??= this.spec.game.status(this.s));
  }

  isTerminal(): boolean {
    return this.status().over;
  }

  /** The seat to act (the lowest of a simultaneous step), or TERMINAL. Never a chance node. */
  currentPlayer(): number {
    const st = this.status();
    if (st.over) return TERMINAL;
    if (st.toMove.length === 0) throw new EnvError('ENV_STUCK', `${this.spec.game.id}: nobody to move in phase ${st.phase}`);
    let seat = st.toMove[0]!;
    for (const p of st.toMove) if (p < seat) seat = p;
    return seat;
  }

  private legal(): void {
    if (this.moves) return;
    const seat = this.currentPlayer();
    if (seat === TERMINAL) {
      this.moves = [];
      this.codes = [];
      return;
    }
    const moves = this.spec.game.legalCommands(this.s, seat) as unknown[];
    const { space, setup } = this.spec;
    const codes: Code[] = new Array(moves.length);
    for (let i = 0; i < moves.length; i++) codes[i] = space.encode(moves[i], setup);
    this.moves = moves;
    this.codes = codes;
    this.actor = seat;
  }

  /** The listed moves of the acting seat, exactly as the engine lists them. */
  legalMoves(): readonly unknown[] {
    this.legal();
    return this.moves!;
  }

  /** The tokens that continue the current prefix toward some listed move, ascending. */
  legalActions(): number[] {
    this.legal();
    const out: number[] = [];
    const depth = this.prefix_.length;
    if (!this.spec.space.compound) {
      for (const c of this.codes) out.push(c as number);
    } else if (depth === 0) {
      for (const c of this.codes) {
        const t = typeof c === 'number' ? c : c[0]!;
        if (!out.includes(t)) out.push(t);
      }
    } else {
      for (const c of this.codes) {
        if (typeof c === 'number' || c.length <= depth || !startsWith(c, this.prefix_)) continue;
        if (!out.includes(c[depth]!)) out.push(c[depth]!);
      }
    }
    // Lists mostly come in token order already: sort only when they do not.
    for (let i = 1; i < out.length; i++) if (out[i - 1]! > out[i]!) return out.sort((a, b) => a - b);
    return out;
  }

  legalActionsMask(): Uint8Array {
    const mask = new Uint8Array(this.spec.size);
    for (const a of this.legalActions()) mask[a] = 1;
    return mask;
  }

  /**
   * The listed move that `action` completes now, or null when it only extends the prefix.
   * Throws ENV_ILLEGAL_ACTION for a token outside the mask.
   */
  actionToMove(action: number): unknown {
    const hit = this.find(action);
    return hit.complete ? this.moves![hit.index] : null;
  }

  /** A short readable name of a token (OpenSpiel's action_to_string), e.g. `show:0-2`. */
  actionToString(action: number): string {
    return this.spec.space.tokenName(action, this.spec.setup);
  }

  /** The token sequence of a move the acting seat may play (its listed equal). */
  moveToActions(move: unknown): number[] {
    const c = this.spec.space.encode(move, this.spec.setup);
    return typeof c === 'number' ? [c] : c.slice();
  }

  private find(action: number): { complete: boolean; index: number } {
    this.legal();
    if (!Number.isInteger(action) || action < 0 || action >= this.spec.size) throw new EnvError('ENV_ILLEGAL_ACTION', `action ${String(action)} is not a token of ${this.spec.game.id} (0..${this.spec.size - 1})`);
    if (this.actor >= 0 && this.moves!.length > 0) {
      const depth = this.prefix_.length;
      let extends_ = -1;
      for (let i = 0; i < this.codes.length; i++) {
        const c = this.codes[i]!;
        if (typeof c === 'number') {
          if (depth === 0 && c === action) return { complete: true, index: i };
          continue;
        }
        if (c.length <= depth || c[depth] !== action || !startsWith(c, this.prefix_)) continue;
        if (c.length === depth + 1) return { complete: true, index: i };
        extends_ = i;
      }
      if (extends_ >= 0) return { complete: false, index: extends_ };
    }
    throw new EnvError('ENV_ILLEGAL_ACTION', `action ${action} (${this.spec.space.tokenName(action, this.spec.setup)}) is not legal now`);
  }

  applyAction(action: number): void {
    const hit = this.find(action);
    this.tokens.push(action);
    if (!hit.complete) {
      this.prefix_.push(action);
      return;
    }
    this.play(this.actor, this.moves![hit.index]);
  }

  /** Plays a move of the acting seat given as a move (a bot's choice): it must equal a listed move. */
  applyMove(move: unknown): void {
    for (const t of this.moveToActions(move)) this.applyAction(t);
  }

  private play(seat: number, move: unknown): void {
    const { game } = this.spec;
    let s = this.s;
    for (const e of game.decide(s, move, seat, this.rng)) {
      s = game.evolve(s, e);
      this.events.push(e);
    }
    this.s = s;
    this.prefix_ = [];
    this.status_ = null;
    this.moves = null;
    this.actor = -1;
  }

  /** The engine's result (scores by seat, winners), or null while the game runs. */
  result(): GameResult | null {
    return this.status().result;
  }

  /** Per seat: its share of the win at the end (1 / number of winners), 0 before the end and for losers. */
  returns(): number[] {
    const out = new Array<number>(this.spec.setup.seats).fill(0);
    const r = this.status().result;
    if (this.status().over && r) for (const w of r.winners) out[w] = 1 / r.winners.length;
    return out;
  }

  /** The seat's view, as the engine gives it. */
  view(seat: number): unknown {
    this.seatCheck(seat);
    return this.spec.game.view(this.s, seat);
  }

  /** The seat's observation, from its view (and, while it builds a move, its own prefix). */
  observationTensor(seat = this.currentPlayer(), out: Float32Array = new Float32Array(this.spec.obsSize)): Float32Array {
    out.fill(0);
    this.observe(seat, (i, v) => {
      out[i] = v;
    });
    return out;
  }

  /**
   * The same observation in sparse form: `o1` the indices holding 1 (an index may repeat), `ox`
   * index/value pairs of the other non-zero entries, values rounded to 6 decimals (the wire form).
   */
  observationSparse(seat = this.currentPlayer()): { o1: number[]; ox: number[] } {
    const o1: number[] = [];
    const ox: number[] = [];
    this.observe(seat, (i, v) => {
      if (v === 1) o1.push(i);
      else if (v !== 0) ox.push(i, Math.round(v * 1e6) / 1e6);
    });
    return { o1, ox };
  }

  private observe(seat: number, put: Put): void {
    this.seatCheck(seat);
    const { space, setup, at } = this.spec;
    space.observe(this.spec.game.view(this.s, seat), seat, setup, put, at);
    if (space.compound && this.prefix_.length > 0 && seat === this.currentPlayer()) for (const t of this.prefix_) put(at.prefix! + t, 1);
  }

  /** Canonical JSON of what the seat knows: its view, its redacted history and its move prefix. */
  informationStateString(seat = this.currentPlayer()): string {
    this.seatCheck(seat);
    const { game } = this.spec;
    const before = this.before[seat];
    if (!before) throw new EnvError('ENV_UNKNOWN_HISTORY', `this world was sampled for another seat: seat ${seat}'s history is unknown`);
    const history = [...before, ...this.events.map((e) => game.redact(e, seat))];
    const prefix = this.prefix_.length > 0 && seat === this.currentPlayer() ? this.prefix_ : [];
    return canonical({ view: game.view(this.s, seat), history, prefix });
  }

  /** The tokens chosen toward the acting seat's move (empty between moves). */
  prefix(): readonly number[] {
    return this.prefix_;
  }

  /** Every token applied since the deal, in order. */
  history(): readonly number[] {
    return this.tokens;
  }

  clone(): EnvState {
    const c = new EnvState(this.spec, this.s, this.rng.clone(), this.events.slice(), this.before.slice(), this.prefix_.slice(), this.tokens.slice());
    return c;
  }

  /**
   * A state the seat cannot tell from this one: the hidden cards dealt anew from what its view
   * allows (the engine's `sampleWorld`), its own history and prefix kept, a fresh rng from `seed`
   * for what follows. Other seats' histories are unknown in it.
   */
  resampleFromInfostate(seat: number, seed: number | string): EnvState {
    this.seatCheck(seat);
    const { game, setup } = this.spec;
    if (!game.sampleWorld) throw new EnvError('ENV_NO_SAMPLER', `${game.id} cannot sample worlds`);
    const rng = new CloneableRng(seedOf(seed));
    const world = game.sampleWorld(game.view(this.s, seat), seat, rng, setup);
    const mine = this.before[seat];
    if (!mine) throw new EnvError('ENV_UNKNOWN_HISTORY', `this world was sampled for another seat: seat ${seat}'s history is unknown`);
    const before: (GameEvent[] | null)[] = Array.from({ length: setup.seats }, () => null);
    before[seat] = [...mine, ...this.events.map((e) => game.redact(e, seat))];
    const prefix = seat === this.currentPlayer() ? this.prefix_.slice() : [];
    return new EnvState(this.spec, world, rng, [], before, prefix, this.tokens.slice());
  }

  private seatCheck(seat: number): void {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.spec.setup.seats) throw new EnvError('ENV_BAD_SEAT', `no seat ${String(seat)} at ${this.spec.setup.seats} seats`);
  }
}

function startsWith(code: readonly number[], prefix: readonly number[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (code[i] !== prefix[i]) return false;
  return true;
}

/** JSON with object keys sorted at every level, so equal information gives equal strings. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
    }
    return v;
  });
}
