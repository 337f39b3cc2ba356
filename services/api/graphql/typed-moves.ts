/**
 * Typed moves (issue #37): every game's move kinds as GraphQL types, written from the games' zod
 * move schemas (zod-sdl.ts) so they say exactly what gameTypes.moves says. A client sends
 * `submitMove(typedMove: MoveInput)`, a @oneOf input with one field per kind (`scoutShow`,
 * `silverPeek` …); it reads `Game.typedLegalMoves`, a union of one object type per kind
 * (`ScoutShowMove` …). Each member holds one field, named as the MoveInput field, so a listed move
 * without its __typename is the typedMove that plays it, and members never clash in one selection
 * (GraphQL refuses a selection where two members' same-named fields differ in type: SCOUT's `from`
 * is required, Silver's optional; Seledyne's `card` a String, Sea Salt & Paper's an Int). A typed
 * move becomes the JSON move it stands for and takes the same door as `move: JSON` (the same
 * parse, the same "only as listed" rule).
 */
import type { z } from 'zod';
import type { AnyGame } from '../../engine/core/index.js';
import { AppError } from '../../app/errors.js';
import { fieldLines, pascal, quoted, SdlTypes } from './zod-sdl.js';

/** A game's prefix in type and field names: its view type without `View` (ScoutView → Scout, SspView → Ssp), as in the OpenAPI components. */
export const gamePrefix = (game: AnyGame) => game.viewType.replace(/View$/, '');
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The object type of a move kind in Game.typedLegalMoves: ScoutShowMove. */
export const moveTypeName = (game: AnyGame, kind: string) => `${gamePrefix(game)}${pascal(kind)}Move`;
/** The MoveInput field of a move kind: scoutShow. */
export const moveFieldName = (game: AnyGame, kind: string) => lowerFirst(`${gamePrefix(game)}${pascal(kind)}`);

interface Kind {
  game: AnyGame;
  /** The move's `type` in JSON. */
  type: string;
  description: string | undefined;
  /** The kind's fields beside `type` (none: the MoveInput field is a Boolean). */
  shape: Record<string, z.ZodType>;
}

/** A game's move kinds, from its command schema: a zod union of objects told apart by a literal `type`. */
export function moveKinds(game: AnyGame): Kind[] {
  const command = game.command as unknown as { _zod: { def: { type: string; options?: unknown[] } } };
  if (command._zod.def.type !== 'union') throw new Error(`${game.id}: its command is not a union of move kinds`);
  return (command._zod.def.options as { _zod: { def: { type: string; shape?: Record<string, z.ZodType> } }; description?: string }[]).map((o) => {
    const { type, ...shape } = o._zod.def.shape ?? {};
    const literal = (type as unknown as { _zod: { def: { type: string; values?: unknown[] } } } | undefined)?._zod.def;
    if (o._zod.def.type !== 'object' || literal?.type !== 'literal' || typeof literal.values?.[0] !== 'string') throw new Error(`${game.id}: a move kind without a literal type`);
    return { game, type: literal.values[0] as string, description: o.description, shape };
  });
}

/** The SDL of the typed moves of `games`: MoveInput, the per-kind inputs, the Move union and its members. */
export function typedMovesSdl(games: readonly AnyGame[]): string {
  const kinds = games.flatMap(moveKinds);
  if (kinds.length === 0) return '';
  // One set of types: a kind's input beside its object type, each game's enums shared by its kinds.
  const types = new SdlTypes();
  const inputFields: string[] = [];
  for (const k of kinds) {
    const name = moveTypeName(k.game, k.type);
    const scope = gamePrefix(k.game);
    const about = `${k.game.names.en}, ${k.type}: ${k.description ?? ''}`.trim();
    const fields = Object.keys(k.shape).length > 0;
    if (fields) types.add(`${name}Input`, `${quoted(about)}\ninput ${name}Input {\n${fieldLines(k.shape, 'input', name, types, scope).join('\n')}\n}`);
    const field = moveFieldName(k.game, k.type);
    inputFields.push(fields ? `  ${quoted(about)}\n  ${field}: ${name}Input` : `  ${quoted(`${about} (no fields: send true)`)}\n  ${field}: Boolean`);
    if (fields) types.add(`${name}Fields`, `${quoted(`${about} Its fields, as ${name}Input takes them.`)}\ntype ${name}Fields {\n${fieldLines(k.shape, 'output', name, types, scope).join('\n')}\n}`);
    const member = fields ? `  ${quoted(`The move's fields: send { ${field}: <these> } as typedMove.`)}\n  ${field}: ${name}Fields!` : `  ${quoted(`Always true (the move has no fields): send { ${field}: true } as typedMove.`)}\n  ${field}: Boolean!`;
    types.add(name, `${quoted(`${about} (JSON: { "type": "${k.type}" … })`)}\ntype ${name} {\n${member}\n}`);
  }
  const union = `"""
A move a seat may play now, typed: one object type per game and move kind, __typename naming it
(ScoutShowMove). Its one field is the MoveInput field of that kind (scoutShow), holding the move's
fields as legalMoves lists them (a field the move leaves out is null; a kind without fields: true).
Without __typename it is the typedMove that plays it: { scoutShow: { from: 0, to: 1 } }.
"""
union Move = ${kinds.map((k) => moveTypeName(k.game, k.type)).join(' | ')}`;
  const moveInput = `"""
A move, typed: set exactly one field, the move's kind (a field per game and kind, named
<game><Kind>: scoutShow, silverPeek, sspPlayDuo …), holding the kind's fields. The server turns it
into the JSON move legalMoves lists ({ "type": "show", "from": 0, "to": 1 }) and takes it only as
listed; a null field is one left out. A kind of another game than the one played: BAD_INPUT.
"""
input MoveInput @oneOf {
${inputFields.join('\n')}
}`;
  return [moveInput, union, types.toString()].join('\n\n');
}

/** Every MoveInput field, to the game and kind it stands for (built once per games list). */
const fieldsOf = new WeakMap<readonly AnyGame[], Map<string, Kind>>();
function kindsByField(games: readonly AnyGame[]): Map<string, Kind> {
  let map = fieldsOf.get(games);
  if (!map) fieldsOf.set(games, (map = new Map(games.flatMap(moveKinds).map((k) => [moveFieldName(k.game, k.type), k]))));
  return map;
}

/** Null is absence in GraphQL; a JSON move leaves such a field out. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = withoutNulls(v);
  return out;
}

/**
 * The JSON move a MoveInput stands for, and the game type it was written for. GraphQL has already
 * checked that exactly one field is set and that its fields have their types.
 */
export function moveFromTyped(games: readonly AnyGame[], typed: Record<string, unknown>): { game: string; move: Record<string, unknown> } {
  const set = Object.entries(typed).filter(([, v]) => v !== null && v !== undefined);
  if (set.length !== 1) throw new AppError('BAD_INPUT', 'typedMove sets exactly one field: the move kind');
  const [field, value] = set[0]!;
  const kind = kindsByField(games).get(field);
  if (!kind) throw new AppError('BAD_INPUT', `typedMove.${field} is no move kind`);
  if (value === false) throw new AppError('BAD_INPUT', `typedMove.${field} has no fields: send true`);
  const fields = value === true ? {} : (withoutNulls(value) as Record<string, unknown>);
  return { game: kind.game.id, move: { type: kind.type, ...fields } };
}

/**
 * submitMove's move, from exactly one of `move` (JSON) and `typedMove`: the move, and for a typed
 * one the game it names. Both or neither: BAD_INPUT, before anything is read.
 */
export function oneMove(games: readonly AnyGame[], move: unknown, typedMove: Record<string, unknown> | null | undefined): { move: unknown; game?: string } {
  const json = move !== null && move !== undefined;
  const typed = typedMove !== null && typedMove !== undefined;
  if (json === typed) throw new AppError('BAD_INPUT', 'submitMove takes exactly one of move (JSON) and typedMove (MoveInput)');
  return json ? { move } : moveFromTyped(games, typedMove!);
}

/**
 * A refusal restated for a client that sent typedMove: an ILLEGAL_MOVE for the move's spelling
 * names the listed move it meant as the typedMove that plays it ({"scoutShow":{"from":0,"to":1}}),
 * and points at typedLegalMoves; any other error as it was.
 */
export function inTypedForm(games: readonly AnyGame[], gameId: string, e: unknown): unknown {
  const game = games.find((g) => g.id === gameId);
  if (!(e instanceof AppError) || e.code !== 'ILLEGAL_MOVE' || !e.unlisted || !game) return e;
  const meant = e.unlisted.meant;
  if (meant === undefined) return new AppError('ILLEGAL_MOVE', 'not as typedLegalMoves spells it: a typedMove is accepted only as one of typedLegalMoves (without __typename)', e.unlisted);
  const { __typename: _name, ...typed } = typedMoves(game, [meant])[0] as Record<string, unknown>;
  return new AppError('ILLEGAL_MOVE', `not as typedLegalMoves spells it: send typedMove ${JSON.stringify(typed)}`, e.unlisted);
}

/** Legal moves as the Move union's members: { __typename: 'ScoutShowMove', scoutShow: { from, to } }. */
export function typedMoves(game: AnyGame, moves: readonly unknown[]): unknown[] {
  const withFields = kindsWithFields(game);
  return moves.map((m) => {
    const { type, ...fields } = m as { type: string };
    return { __typename: moveTypeName(game, type), [moveFieldName(game, type)]: withFields.has(type) ? fields : true };
  });
}

/** The move kinds of `game` that have fields beside `type` (the others are `true` when typed). */
const withFieldsOf = new WeakMap<AnyGame, Set<string>>();
function kindsWithFields(game: AnyGame): Set<string> {
  let set = withFieldsOf.get(game);
  if (!set) withFieldsOf.set(game, (set = new Set(moveKinds(game).flatMap((k) => (Object.keys(k.shape).length > 0 ? [k.type] : [])))));
  return set;
}
