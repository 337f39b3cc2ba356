/**
 * What clients see of a game and of the catalog: one shape for GraphQL and REST.
 */
import { shownSeed } from '../app/sealed.js';
import { eventSchemas } from '../analytics/event-schemas.js';
import { z } from 'zod';
import type { AnyGame, Viewer } from '../engine/core/index.js';
import { statusOf, type Aggregate } from '../app/aggregate.js';
import { playByTurnFields } from './play-by-turn.js';
import { canTakeBack } from '../app/commands/take-back.js';
import { botCatalog, type BotKindInfo } from '../bots/spec.js';

export interface GameDto {
  id: string;
  type: string;
  version: number;
  seats: number;
  players: SeatHolderDto[];
  /** The caller's seat, null for a spectator. */
  seat: number | null;
  options: unknown;
  seedHash: string;
  seedFixed: boolean;
  /** Revealed when the game is over. */
  seed: string | null;
  status: ReturnType<typeof statusOf>;
  view: unknown;
  legalMoves: unknown[];
  /** Whether the caller's seat may take its last move back now (app/commands/take-back.ts). */
  canTakeBack: boolean;
}

export interface SeatHolderDto {
  seat: number;
  name: string;
  /** The server's bot playing the seat (its spec), else null. */
  bot: string | null;
  /** BOT when a bot plays the seat: the server's, or a registered player of kind BOT. */
  kind: 'HUMAN' | 'BOT';
}

export function playersOf(agg: Aggregate): SeatHolderDto[] {
  return agg.state.players.map((p, seat) => {
    const bot = agg.app.bots[seat] ?? null;
    return { seat, name: p.name, bot, kind: bot !== null || agg.app.botPlayers?.[seat] ? 'BOT' : 'HUMAN' };
  });
}

export function gameDto(agg: Aggregate, viewer: Viewer): GameDto {
  const { state, table } = agg;
  return {
    id: agg.id,
    type: state.game,
    version: agg.version,
    seats: state.seats,
    players: playersOf(agg),
    seat: viewer,
    options: state.options,
    seedHash: state.seedHash,
    seedFixed: state.seedFixed,
    seed: shownSeed(agg),
    status: statusOf(agg),
    view: table.view(state, viewer),
    legalMoves: viewer === null ? [] : table.legalMoves(state, viewer),
    canTakeBack: canTakeBack(agg, viewer),
    ...playByTurnFields(agg),
  };
}

export interface GameTypeDto {
  id: string;
  names: { en: string; fa: string };
  seats: { min: number; max: number };
  viewType: string;
  /** JSON Schema (draft-07) of the game's moves, with the descriptions from the code. */
  moves: Record<string, unknown>;
  options: { name: string; description: string | null; default: unknown; schema: unknown }[];
  /** Extra catalog data a game publishes (e.g. Silver's card list), or null. */
  catalog: unknown;
  /** The bots that may take this game's seats, with their levels. */
  bots: BotKindInfo[];
  /** JSON Schema (draft-07) of each event type, by type (analytics/event-schemas.ts). */
  events: Record<string, unknown>;
}

/**
 * A game's move schema as JSON Schema draft-07 (what OpenAPI 3.0 and Fastify's ajv read), closed:
 * the server refuses a field it does not know (BAD_INPUT), so every object says
 * `additionalProperties: false` and a client's validator refuses it first.
 */
export function moveSchema(game: AnyGame): Record<string, unknown> {
  const { $schema: _draft, ...schema } = z.toJSONSchema(game.command, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
  const description = [schema.description, CANONICAL].filter(Boolean).join(' ');
  return closed({ title: `${game.names.en} move`, ...schema, description }) as Record<string, unknown>;
}

/** What every move schema says of the one spelling the server takes (services/engine/core/listed.ts). */
export const CANONICAL =
  "The server accepts a move only as one of the seat's legalMoves, unchanged (key order aside): one canonical form per move, as each kind's description says. Another spelling of a legal move (positions in another order, the right end of a one-card set, listed steps sent as one) is refused with ILLEGAL_MOVE naming the listed move.";

/** `schema` with `additionalProperties: false` on every object that lists its properties. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([f, s]) => [f, closed(s)])) : closed(v);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * A game type's catalog entry, built once per game: it never changes while the server runs, and
 * building it (zod to JSON Schema for options, moves and events) took ~60 ms per request.
 */
export function gameTypeDto(game: AnyGame): GameTypeDto {
  let dto = gameTypes.get(game);
  if (!dto) gameTypes.set(game, (dto = buildGameTypeDto(game)));
  return dto;
}
const gameTypes = new WeakMap<AnyGame, GameTypeDto>();

function buildGameTypeDto(game: AnyGame): GameTypeDto {
  const schema = z.toJSONSchema(game.options, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  const options = Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    description: (s.description as string | undefined) ?? null,
    default: s.default ?? null,
    schema: s,
  }));
  return {
    id: game.id,
    names: game.names,
    seats: game.seats,
    viewType: game.viewType,
    moves: moveSchema(game),
    options,
    catalog: game.catalog ?? null,
    bots: botCatalog(),
    events: eventSchemas(game),
  };
}
