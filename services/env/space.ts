/**
 * What the environment needs from each game, beside the engine's contract: a fixed token
 * vocabulary for its moves and a flat observation layout computed from a seat's view. Each game's
 * file under games/ implements this; docs/research-env.md prints the layouts.
 *
 * A move is a sequence of tokens, usually one. A move with a set-valued field (Silver's peek pair,
 * Seledyne's Sum-Rule gift) is a kind token, then its elements in canonical order, then (when the
 * length varies) a "done" token, so no move's sequence is a prefix of another's: the sequences of
 * one decision form a prefix-free code, and the state applies a move as soon as its last token is in.
 */

export interface Setup {
  seats: number;
  /** The game's options after its schema filled the defaults. */
  options: Record<string, unknown>;
}

/** One named part of the flat observation: `size` floats from `offset`. */
export interface Slice {
  name: string;
  offset: number;
  size: number;
  meaning: string;
}

export interface GameSpace {
  game: string;
  /** Whether some move takes several tokens (then the observation ends with a "prefix" slice). */
  compound: boolean;
  /** How many tokens the game's moves use, for this setup (the Discrete space's n). */
  size(setup: Setup): number;
  /** The move's token sequence; a number when it is one token. Throws on a move it cannot name. */
  encode(move: unknown, setup: Setup): number | readonly number[];
  /** A short readable name of a token, for logs and the docs. */
  tokenName(token: number, setup: Setup): string;
  /** The observation's slices, in order; their sizes sum to the observation's length. */
  layout(setup: Setup): Slice[];
  /**
   * Writes the seat's observation from its view only, entry by entry through `put` (every entry
   * not put is 0; an entry is put at most once, or again with the same value), so one pass builds
   * a dense vector or the sparse wire form alike. The "prefix" slice is the state's to fill.
   */
  observe(view: unknown, seat: number, setup: Setup, put: Put, at: Record<string, number>): void;
}

/** Sets observation entry `index` to `value`. */
export type Put = (index: number, value: number) => void;

/** Builds slices from [name, size, meaning] rows, computing offsets. */
export function slices(rows: readonly (readonly [string, number, string])[]): Slice[] {
  let offset = 0;
  return rows.map(([name, size, meaning]) => {
    const s = { name, offset, size, meaning };
    offset += size;
    return s;
  });
}

/** A seat's place counted from the viewer: the viewer 0, the next seat 1, and so on round the table. */
export const relative = (seat: number, viewer: number, seats: number) => (seat - viewer + seats) % seats;

/** Throws the error every codec uses for a move outside its vocabulary (a codec or engine bug). */
export function unknownMove(game: string, move: unknown): never {
  const err = new Error(`${game}: no token for move ${JSON.stringify(move)}`) as Error & { code: string };
  err.code = 'ENV_UNKNOWN_MOVE';
  throw err;
}
