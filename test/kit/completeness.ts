/**
 * Legal-move lists are complete: at sampled positions of random playthroughs, every command of
 * a bounded generated space is offered by `legalCommands` if and only if the game's rules
 * (`rulesDecide`: the table's turn and shape checks, then the game's `decide`) accept it.
 *
 * The space comes from the game's command schema: each member of its discriminated union, with
 * literals, enums, booleans and omitted optional fields filled in from the schema itself and
 * every other field (numbers, strings, arrays) from a per-game `Domain` over the positions,
 * cards and seats in play. A field the domain does not cover is an error, so a new command
 * field cannot silently escape the check; a domain may give a field no values to leave a
 * form out (say why where it does). Every listed move must lie in the space (else the space is
 * too narrow to judge), and anything decide throws other than a rule refusal fails the check.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { fastRng, RuleViolation, table, type AnyGame, type Table, type TableState } from '../../services/engine/core/index.js';
import { parseStrict } from '../../services/engine/core/strict.js';
import { refusalOf } from './refusal.js';
import { randomPlaythrough, type PlaythroughOptions } from './playthrough.js';

/** Values per field: `"<type>.<field>"` (one command type) or `"<field>"` (every type). */
export type Domain = Record<string, readonly unknown[]>;

/** The domain for `seat` at a position; `play` is the game's own state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SpaceOf = (play: any, seat: number, seats: number) => Domain;

/** Most commands one seat's space may hold at one position (keeps the check bounded). */
const MAX_SPACE = 50_000;
/** A seat not to move has every 50th command of its space checked. */
const NOT_TO_MOVE_SAMPLE = 50;

interface ZodDef {
  type: string;
  options?: { _zod: { def: ZodDef } }[];
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  values?: unknown[];
  entries?: Record<string, unknown>;
  innerType?: { _zod: { def: ZodDef } };
}
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/** The values a field may take: from the schema where it lists them, else from the domain. */
function fieldValues(def: ZodDef, type: string, field: string, domain: Domain): unknown[] {
  const given = domain[`${type}.${field}`] ?? domain[field];
  switch (def.type) {
    case 'literal':
      return def.values!;
    case 'enum':
      return given ? [...given] : Object.values(def.entries!);
    case 'boolean':
      return given ? [...given] : [false, true];
    case 'optional':
      // Omitted, or any value of the inner type; a domain entry of [] leaves only "omitted".
      return [undefined, ...fieldValues(defOf(def.innerType), type, field, domain)];
    default:
      if (!given) throw new Error(`the command space has no values for ${type}.${field} (${def.type})`);
      return [...given];
  }
}

/** Every command the schema's shapes allow over `domain`, omitted optional fields left out. */
export function commandSpace(schema: z.ZodType, domain: Domain): Record<string, unknown>[] {
  const root = defOf(schema);
  const members = root.type === 'union' ? root.options!.map((o) => o._zod.def) : [root];
  const out: Record<string, unknown>[] = [];
  for (const member of members) {
    if (member.type !== 'object') throw new Error(`a command shape must be an object, not ${member.type}`);
    const type = String(defOf(member.shape!.type).values?.[0]);
    let partial: Record<string, unknown>[] = [{}];
    for (const [field, schemaOf] of Object.entries(member.shape!)) {
      const values = fieldValues(defOf(schemaOf), type, field, domain);
      partial = partial.flatMap((c) => values.map((v) => (v === undefined ? c : { ...c, [field]: v })));
      if (partial.length > MAX_SPACE) throw new Error(`the space of ${type} exceeds ${MAX_SPACE} commands: narrow its domain`);
    }
    out.push(...partial);
  }
  return out;
}

/** JSON with sorted keys: the same command however its keys are ordered. */
export function commandKey(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Integers from..to-1. */
export const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** The ordered pairs [a, b] of `values` with a before b. */
export const pairs = <T>(values: readonly T[]): [T, T][] => values.flatMap((a, i) => values.slice(i + 1).map((b): [T, T] => [a, b]));

/** The subsets of `values` of 1..maxSize elements, each in the order of `values`. */
export function subsets<T>(values: readonly T[], maxSize: number): T[][] {
  const out: T[][] = [];
  const walk = (from: number, chosen: T[]) => {
    if (chosen.length) out.push(chosen);
    if (chosen.length === maxSize) return;
    for (let i = from; i < values.length; i++) walk(i + 1, [...chosen, values[i]!]);
  };
  walk(0, []);
  return out;
}

/**
 * What the game's rules accept (turn, shape, then the game's decide), without the table's last
 * check that a move is one of the listed ones: through the table a legal move missing from the
 * list would merely be refused, and this check could no longer see it. The table's own law
 * (accepted iff listed) is test/kit/listed-law.test.ts.
 */
export function rulesDecide(t: Table, state: TableState, seat: number, move: unknown): unknown[] {
  if (!t.status(state).toMove.includes(seat)) throw new RuleViolation('NOT_YOUR_TURN', `seat ${seat} is not to move`);
  return t.game.decide(state.play, parseStrict(t.game.command, move, 'move'), seat, fastRng(state.events));
}

export interface Incompleteness {
  seat: number;
  /** Accepted by decide, missing from legalCommands. */
  missing: string[];
  /** Offered by legalCommands, refused by decide (with the refusal). */
  refused: string[];
  /** Offered by legalCommands but outside the generated space: the space is too narrow to judge. */
  unjudged: string[];
}

/** Compares, for every seat at `state`, the legal list with what decide accepts from the space (or the part of both `only` keeps). */
export function findIncompleteness(game: AnyGame, state: TableState, spaceOf: SpaceOf, only: (command: object) => boolean = () => true): Incompleteness[] {
  const t = table(game);
  const found: Incompleteness[] = [];
  const toMove = t.status(state).toMove;
  for (let seat = 0; seat < state.seats; seat++) {
    const legal = new Map(t.legalMoves(state, seat).filter((c) => only(c as object)).map((c) => [commandKey(c), c]));
    // A seat not to move is refused before its command is read: a sample of its space shows it.
    const all = commandSpace(game.command, spaceOf(state.play, seat, state.seats)).filter(only);
    const sample = toMove.includes(seat) ? all : all.filter((_, i) => i % NOT_TO_MOVE_SAMPLE === 0);
    const space = new Map(sample.map((c) => [commandKey(c), c]));
    const problem: Incompleteness = { seat, missing: [], refused: [], unjudged: [...legal.keys()].filter((k) => !space.has(k)) };
    for (const [key, move] of space) {
      // Only a rule refusal counts as "not accepted": anything else thrown is a bug to see (refusalOf rethrows it).
      const refused = refusalOf(() => rulesDecide(t, state, seat, JSON.parse(JSON.stringify(move))));
      const refusal = refused && `${refused.code}: ${refused.message}`;
      if (refusal === null && !legal.has(key)) problem.missing.push(key);
      if (refusal !== null && legal.has(key)) problem.refused.push(`${key} (${refusal})`);
    }
    if (problem.missing.length || problem.refused.length || problem.unjudged.length) found.push(problem);
  }
  return found;
}

export interface CompletenessRun extends Omit<PlaythroughOptions, 'check'> {
  /** Check the whole space at every Nth position (after every Nth command). */
  every: number;
}

const bare = (command: object) => Object.keys(command).length === 1;

/**
 * Random playthroughs of `game`, checking completeness at every `every`th position and at each
 * position that first offers a kind of command (rare moves are checked too), and for the
 * commands that are only a `type` at every position; fails with the
 * seed, the command count and the commands that break it. Returns how many positions it checked.
 */
export function expectCompleteLegalMoves(game: AnyGame, spaceOf: SpaceOf, run: CompletenessRun): number {
  const t = table(game);
  const offered = new Set<string>();
  let commands = 0;
  let checked = 0;
  randomPlaythrough(game, {
    ...run,
    check(state) {
      commands++;
      if (state.ended) return;
      const kinds = t.status(state).toMove.flatMap((seat) => t.legalMoves(state, seat).map((c) => (c as { type: string }).type));
      const fresh = kinds.filter((k) => !offered.has(k));
      const full = commands % run.every === 0 || fresh.length > 0;
      for (const k of fresh) offered.add(k);
      if (full) checked++;
      // Commands with no field besides `type` (call, pass, end …) are few: they are checked everywhere.
      const found = findIncompleteness(game, state, spaceOf, full ? undefined : bare);
      if (found.length) expect(found, `legal moves incomplete: ${game.id}, seed ${run.seed ?? 'seed'}, bot ${run.botSeed ?? 1}, after command ${commands}`).toEqual([]);
    },
  });
  return checked;
}
