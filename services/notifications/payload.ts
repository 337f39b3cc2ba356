/**
 * What a webhook delivery carries: enough for a bot or a chat integration to act without a second
 * call (the game's type and name, the seats' names, whose turn, the deadline, why and how a game
 * ended, a link), and nothing a spectator could not see: names, turns, clocks and the final
 * result are public; no view, hand or seed is ever read here. WEBHOOK_PAYLOAD_SCHEMA documents it
 * (served at GET /v1/webhooks/schema).
 */
import { statusOf, type Aggregate } from '../app/aggregate.js';
import { findGame } from '../engine/registry.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from './events.js';

export interface Notice {
  type: WebhookEvent;
  player: string;
  gameId: string;
  /** The recipient's seat; for TIMED_OUT, TIMEOUT_CLAIM and RESIGNED, the seat that timed out or resigned. */
  seat: number;
  version: number;
  deadline: string | null;
}

export type GameOverReason = 'finished' | 'cancelled' | 'expired' | 'forfeit' | 'claim';

export interface WebhookPayload {
  type: WebhookEvent;
  gameId: string;
  seat: number;
  version: number;
  deadline: string | null;
  game: { type: string; name: string };
  seats: { seat: number; name: string; bot: string | null }[];
  toMove: number[];
  reason: GameOverReason | null;
  result: { scores: number[]; winners: number[]; resigned: number[]; forfeited: number[] } | null;
  url: string | null;
}

/** The body of a notice's deliveries, from the game as it is at the notice's commit. */
export function webhookPayload(notice: Notice, agg: Aggregate, publicUrl: string | undefined): WebhookPayload {
  const status = statusOf(agg);
  const over = notice.type === 'GAME_OVER';
  const result = over && status.result ? { scores: status.result.scores, winners: status.result.winners, resigned: status.result.resigned, forfeited: status.result.forfeited } : null;
  return {
    type: notice.type,
    gameId: notice.gameId,
    seat: notice.seat,
    version: notice.version,
    deadline: notice.deadline,
    game: { type: agg.state.game, name: findGame(agg.state.game)?.names.en ?? agg.state.game },
    seats: agg.state.players.map((p, seat) => ({ seat, name: p.name, bot: agg.app.bots[seat] ?? null })),
    toMove: status.over ? [] : status.toMove,
    reason: over ? (agg.app.cancelled ?? (status.result?.claimed ? 'claim' : status.result?.forfeited.length ? 'forfeit' : 'finished')) : null,
    result,
    url: publicUrl ? `${publicUrl.replace(/\/+$/, '')}/#/game/${notice.gameId}` : null,
  };
}

const seatNumber = { type: 'integer', minimum: 0 } as const;
const seatList = { type: 'array', items: seatNumber } as const;

/** The JSON Schema (2020-12) of every delivery's body. */
export const WEBHOOK_PAYLOAD_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'parlor:webhook-payload',
  title: 'Parlor webhook delivery',
  description: 'The body of every webhook delivery (signed per Standard Webhooks). Carries nothing a spectator could not see.',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'gameId', 'seat', 'version', 'deadline', 'game', 'seats', 'toMove', 'reason', 'result', 'url'],
  properties: {
    type: { enum: WEBHOOK_EVENTS, description: 'What happened (see the WebhookEvent enum)' },
    gameId: { type: 'string' },
    seat: { ...seatNumber, description: "The recipient's seat; for TIMED_OUT, TIMEOUT_CLAIM and RESIGNED, the seat that timed out or resigned" },
    version: { type: 'integer', minimum: 1, description: 'The game version the event belongs to' },
    deadline: { type: ['string', 'null'], description: "YOUR_TURN, DEADLINE_WARNING: when the recipient's time runs out; TIMED_OUT: the deadline that passed" },
    game: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'name'],
      properties: { type: { type: 'string', description: 'Game type id, e.g. "scout"' }, name: { type: 'string', description: 'Its English name, e.g. "SCOUT"' } },
    },
    seats: {
      type: 'array',
      description: 'Every seat taken, in seat order',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seat', 'name', 'bot'],
        properties: { seat: seatNumber, name: { type: 'string' }, bot: { type: ['string', 'null'], description: 'The server bot playing the seat ("search:1"), else null' } },
      },
    },
    toMove: { ...seatList, description: 'Seats the game waits for (several at once in simultaneous steps); empty when over' },
    reason: { enum: ['finished', 'cancelled', 'expired', 'forfeit', 'claim', null], description: 'GAME_OVER: why the game ended (claim: another player ended it on a timed-out seat, onTimeout ASK); null otherwise' },
    result: {
      description: 'GAME_OVER of a played game: final scores by seat, winners, who resigned and who forfeited; null otherwise',
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['scores', 'winners', 'resigned', 'forfeited'],
          properties: { scores: { type: 'array', items: { type: 'number' } }, winners: seatList, resigned: seatList, forfeited: seatList },
        },
      ],
    },
    url: { type: ['string', 'null'], description: 'The game in the web client (the public URL + "#/game/<id>"; npm start: PUBLIC_URL, else http://HOST:PORT); null only for a server built without one' },
  },
} as const;
