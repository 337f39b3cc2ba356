/**
 * The contract every game implements: a pure decider (Emmett's decide / evolve /
 * initialState) plus what a hidden-information server needs on top of it —
 * legal moves per seat, per-seat views, per-seat event redaction and a status.
 *
 * A game knows nothing of storage, HTTP, time or who the players are: seats are
 * numbers 0..seats-1 and all randomness comes from the `Rng` handed to it.
 */
import type { z } from 'zod';
import type { Rng } from './rng.js';

export type Seat = number;

/** Who is looking: a seat, or `null` for a spectator (who sees only public facts). */
export type Viewer = Seat | null;

/** Every event is a plain JSON object with a `type`. */
export interface GameEvent {
  type: string;
}

export interface GameResult {
  /** Final totals, indexed by seat. */
  scores: number[];
  /** Every seat that shares the win (ties share it). */
  winners: Seat[];
}

export interface Status {
  /** A short name of what the game waits for, e.g. `"play"`, `"rotate-hands"`. */
  phase: string;
  /** Seats that must act now; several when the rules make players act simultaneously. */
  toMove: Seat[];
  over: boolean;
  result: GameResult | null;
}

export interface GameNames {
  en: string;
  fa: string;
}

/** What a game receives when it is set up. */
export interface SetupContext<O> {
  seats: number;
  options: O;
}

export interface Game<S, C, E extends GameEvent, O, V = unknown, K = unknown> {
  /** Catalog id, e.g. `"scout"`. */
  id: string;
  names: GameNames;
  seats: { min: number; max: number };
  /** Options as a zod object: every field has a default and a `.describe()` text. */
  options: z.ZodType<O>;
  /** Validates a submitted move before `decide` sees it. */
  command: z.ZodType<C>;
  /** Name of this game's view type in schema.graphql (a member of `union GameView`). */
  viewType: string;
  /**
   * GraphQL SDL of the view: `type <viewType>` and its parts, every name prefixed by the game.
   * It must describe the object `view()` returns exactly (no unions inside; JSON only where free-form).
   */
  viewSchema: string;
  /** Reference data clients may want (card lists with their powers, setup tables …), as JSON. */
  catalog?: K;
  /**
   * The game's own events by type, as zod schemas of what the export holds (hidden facts
   * included): published as JSON Schema beside the table's and the app's (gameTypes.events).
   */
  events?: Record<string, z.ZodType>;

  /** Refuses a seat count or option combination the rules do not allow (throw `RuleViolation`). */
  validateSetup?(ctx: SetupContext<O>): void;
  /** The state must be plain JSON (snapshots are stored as JSON): no Map, Set, class or undefined in arrays. */
  initialState(ctx: SetupContext<O>): S;
  /** Events that start the game once every seat is taken (shuffle, deal …). */
  start(state: S, rng: Rng): E[];
  /** Throws `RuleViolation` to refuse. Only called for a seat listed in `status().toMove`. */
  decide(state: S, command: C, seat: Seat, rng: Rng): E[];
  /** Total and deterministic: no randomness, no clock. */
  evolve(state: S, event: E): S;
  legalCommands(state: S, seat: Seat): C[];
  view(state: S, viewer: Viewer): V;
  /**
   * The part of the view a search's playout policy (the greedy bot) reads, built instead of the
   * whole view at every playout move (services/bots/search/rollout.ts). Each field must hold what
   * the whole view holds (each game's playout-view test). A game without one gives the whole view.
   */
  playoutView?(state: S, viewer: Viewer): unknown;
  /** The event as `viewer` may see it; must depend only on what that viewer knows. */
  redact(event: E, viewer: Viewer): E;
  status(state: S): Status;
  /**
   * Whether the move `seat` just made (from `before`, giving `events`) may be taken back: true
   * only when no one gained information by it (no card drawn or revealed, no die rolled, no
   * hidden choice shown), so undoing it hides nothing anyone saw. Absent: no move can be taken
   * back. Pure, like `decide`; the table asks it once per move (core/take-back.ts). The law,
   * checked per game by test/kit/take-back.ts: for every seat, the view after such a move is
   * the same in every world that seat cannot tell from the real one.
   */
  takeBack?(before: S, events: readonly E[], seat: Seat): boolean;
  /**
   * The result if the game stopped now (the table's `stop`: a claim on a timed-out seat): the
   * totals as they stand in public (finished rounds), and the winners among `among` by the game's
   * own ranking (Silver: lowest). Absent: every score 0 and every seat of `among` shares the win.
   */
  standing?(state: S, among: readonly Seat[]): GameResult;
  /**
   * A full state that `seat` cannot tell from the real one, drawn from its view and the public
   * setup (OpenSpiel's ResampleFromInfostate): every card the seat does not know is dealt from
   * the cards it has not seen into the places it does not know, respecting every public
   * constraint (counts, cards known to be somewhere). The law, checked by the test kit:
   * `view(sampleWorld(view(s, seat), seat, rng, setup), seat)` equals `view(s, seat)`, and the
   * world is a legal state of the game that can be played on. Search bots plan on such worlds,
   * so they never need the real state.
   */
  sampleWorld?(view: V, seat: Seat, rng: Rng, setup: SetupContext<O>): S;
  /**
   * A compact event that stands for several events of an older form (Seledyne's run of rounds
   * that played themselves): those events, folding to the same state; null for any other event.
   * The verifier compares records in this form, so records stored before the compact event
   * existed still verify. Absent: every event stands for itself.
   */
  expand?(event: E): E[] | null;
  /**
   * How many events `event` counts for in the table's event count (the key of the next commit's
   * random stream): `expand(event).length` for a compact event, else 1, without building the
   * list. A compact event thus leaves every later commit drawing what the older form drew.
   */
  eventCount?(event: E): number;
}

/** A game whose types are erased, as the registry and the app hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any, any, any>;

/** Helper that keeps a game definition's types while checking it against the contract. */
export function defineGame<S, C, E extends GameEvent, O, V, K = undefined>(game: Game<S, C, E, O, V, K>): Game<S, C, E, O, V, K> & { catalog: K } {
  return game as Game<S, C, E, O, V, K> & { catalog: K };
}
