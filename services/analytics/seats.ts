/**
 * Who sat where in a game, from its events alone (the table's and the app's): each seat's name
 * and entropy (SeatTaken), registered player (SeatClaimed), the bot seated there from creation
 * (GameSettings), and the seats that resigned, forfeited or ran out of time. The export's
 * columns and the record's header both come from here, so a verifier can derive the header again.
 */
import type { GameSettings, SeatClaimed, SeatResigned, TimedOut, TimeoutClaimed } from '../app/app-events.js';
import type { SeatTaken } from '../engine/core/index.js';

export interface PlayerFacts {
  seat: number;
  name: string;
  /** The entropy the player added to the deal's seed, when it gave some. */
  entropy?: string;
  playerId?: string;
  /** The bot the server seated here from creation on ("search:2": kind search, level 2). */
  bot?: { kind: string; level?: number };
}

export interface SeatsFacts {
  players: PlayerFacts[];
  /** Seats whose player resigned (a stand-in bot played on). */
  resigned: number[];
  /** Seats handed to a bot for good when their time ran out (onTimeout FORFEIT). */
  forfeited: number[];
  /** Seats whose clock ran out at least once, lowest first. */
  timedOut: number[];
  /**
   * Seats a bot held at some point, lowest first: played by the server's bot from creation, a
   * registered bot account, or handed to a bot for good (resigned, forfeited, a timeout claimed
   * for a bot). Never a person's seat in statistics (`lineupOf`). A single move a timeout made for
   * a seat whose player plays on does not make it a bot's.
   */
  botSeats: number[];
}

/** Who played a game, as statistics split it: every seat its person's to the end, or not. */
export type Lineup = 'all human' | 'with bots';
export const lineupOf = (botSeats: readonly number[]): Lineup => (botSeats.length === 0 ? 'all human' : 'with bots');

type Event = { type: string };

/** "search:2" → { kind: "search", level: 2 }; a spec without a level has none. */
export function botOfSpec(spec: string): { kind: string; level?: number } {
  const [kind = spec, level] = spec.split(':');
  return level !== undefined && Number.isInteger(Number(level)) ? { kind, level: Number(level) } : { kind: spec };
}

export function seatsFacts(events: Iterable<Event>): SeatsFacts {
  const players: PlayerFacts[] = [];
  const claimed = new Map<number, string>();
  const bots = new Map<number, string>();
  const resigned = new Set<number>();
  const forfeited = new Set<number>();
  const timedOut = new Set<number>();
  const botSeats = new Set<number>();
  for (const e of events) {
    if (e.type === 'SeatTaken') {
      const t = e as SeatTaken;
      players.push({ seat: t.seat, name: t.name, ...(t.entropy !== undefined && { entropy: t.entropy }) });
    } else if (e.type === 'SeatClaimed') {
      const c = e as SeatClaimed;
      claimed.set(c.seat, c.player);
      if (c.bot) botSeats.add(c.seat);
    } else if (e.type === 'GameSettings') for (const b of (e as GameSettings).bots) bots.set(b.seat, b.kind), botSeats.add(b.seat);
    else if (e.type === 'SeatResigned') resigned.add((e as SeatResigned).seat), botSeats.add((e as SeatResigned).seat);
    else if (e.type === 'TimedOut') {
      const t = e as TimedOut;
      timedOut.add(t.seat);
      if (t.action === 'FORFEIT') forfeited.add(t.seat), botSeats.add(t.seat);
    } else if (e.type === 'TimeoutClaimed' && (e as TimeoutClaimed).choice !== 'WAIT') {
      const c = e as TimeoutClaimed;
      forfeited.add(c.seat); // a bot took it, or the game ended without it
      if (c.choice === 'BOT') botSeats.add(c.seat);
    }
  }
  const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);
  return {
    players: players.map((p) => {
      const playerId = claimed.get(p.seat);
      const bot = bots.get(p.seat);
      return { ...p, ...(playerId !== undefined && { playerId }), ...(bot !== undefined && { bot: botOfSpec(bot) }) };
    }),
    resigned: sorted(resigned),
    forfeited: sorted(forfeited),
    timedOut: sorted(timedOut),
    botSeats: sorted(botSeats),
  };
}
