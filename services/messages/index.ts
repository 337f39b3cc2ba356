/**
 * Messages in a game: `send` and `mute` are commits of app events in the game's own stream
 * (MessageSent, ChatMuted; the engine never sees them), `page` reads them back for one viewer,
 * newest first. Every door is bounded: MAX_TEXT characters a message, RATE_COUNT sends per seat
 * in RATE_WINDOW_MS, MAX_MESSAGES a game. Text is stored and returned as plain text; clients
 * render it as text, never as HTML.
 */
import type { Aggregate } from '../app/aggregate.js';
import { statusOf } from '../app/aggregate.js';
import { readsChat } from '../app/app-event-sight.js';
import { RECENT_SENDS, type ChatMuted, type MessageSent } from '../app/app-events.js';
import { AppError } from '../app/errors.js';
import { pageOf, DEFAULT_PAGE, type Page } from '../app/pages.js';
import type { Credential, ParlorService } from '../app/service.js';
import type { TableEvent, Viewer } from '../engine/core/index.js';
import { plainText } from './text.js';
import { LruCache } from '../app/lru.js';

export const MAX_TEXT = 500;
export const MAX_MESSAGES = 500;
/** At most RATE_COUNT messages per seat within any RATE_WINDOW_MS. */
export const RATE_COUNT = RECENT_SENDS;
export const RATE_WINDOW_MS = 60_000;

export interface Message {
  /** The version of the commit that holds it: unique in the game. */
  id: string;
  seat: number;
  /** The name the seat joined with. */
  name: string;
  text: string;
  at: string;
}

/** Newest first: the key grows as versions shrink. */
const newestFirst = (m: Message) => String(1e12 - Number(m.id)).padStart(13, '0');

export class Messages {
  private readonly maxMessages: number;
  /** Each recent version's messages (see `all`), bounded by count and by text size. */
  private readonly read = new LruCache<string, Message[]>(200, { maxBytes: 8 * 1024 * 1024, sizeOf: (ms) => ms.reduce((n, m) => n + m.text.length + 100, 0) });

  /** `maxMessages`: the most a game holds (default MAX_MESSAGES; tests lower it). */
  constructor(
    private readonly service: ParlorService,
    limits: { maxMessages?: number } = {},
  ) {
    this.maxMessages = limits.maxMessages ?? MAX_MESSAGES;
  }

  async send(gameId: string, credential: Credential, text: string): Promise<Aggregate> {
    const clean = plainText(text, MAX_TEXT);
    return this.service.execute(gameId, (agg) => {
      const seat = this.seated(agg, credential, 'sending a message');
      if (statusOf(agg).over) throw new AppError('GAME_OVER', 'the game is over: its messages are closed');
      const chat = agg.app.chat;
      if ((chat?.count ?? 0) >= this.maxMessages) throw new AppError('FORBIDDEN', `a game holds at most ${this.maxMessages} messages`);
      const now = this.service.now();
      const recent = chat?.recent[seat] ?? [];
      if (recent.length >= RATE_COUNT && now - recent[recent.length - RATE_COUNT]! < RATE_WINDOW_MS) {
        throw new AppError('RATE_LIMITED', `at most ${RATE_COUNT} messages a minute; try again shortly`);
      }
      const sent: MessageSent = { type: 'MessageSent', seat, text: clean, at: new Date(now).toISOString() };
      return { events: [sent as TableEvent], seat };
    });
  }

  /** Hides (`on`) or shows again `muted`'s messages to the caller's seat; only that seat sees the change. */
  async mute(gameId: string, credential: Credential, muted: number, on: boolean): Promise<Aggregate> {
    return this.service.execute(gameId, (agg) => {
      const seat = this.seated(agg, credential, 'muting');
      if (!Number.isInteger(muted) || muted < 0 || muted >= agg.state.seats) throw new AppError('BAD_INPUT', `seat is 0 to ${agg.state.seats - 1}`);
      if (muted === seat) throw new AppError('BAD_INPUT', 'a seat cannot mute itself');
      if ((agg.app.chat?.muted[seat] ?? []).includes(muted) === on) return null; // already so: nothing to write
      const event: ChatMuted = { type: 'ChatMuted', seat, muted, on };
      return { events: [event as TableEvent], seat };
    });
  }

  /** The messages `viewer` may read, newest first, without the seats it muted. */
  async page(agg: Aggregate, viewer: Viewer, first = DEFAULT_PAGE, after?: string): Promise<Page<Message>> {
    if (!readsChat(agg.app.settings, viewer)) return pageOf([], newestFirst, first);
    const muted = viewer === null ? [] : (agg.app.chat?.muted[viewer] ?? []);
    return pageOf((await this.all(agg)).filter((m) => !muted.includes(m.seat)), newestFirst, first, after);
  }

  /**
   * Every message of the game at `agg`'s version, newest first. Reading them is a read of the
   * whole stream, so each version's list is kept: every subscriber of a game's update (each
   * resolving Game.messages) shares one read.
   */
  private async all(agg: Aggregate): Promise<Message[]> {
    const key = `${agg.id}@${agg.version}`;
    const known = this.read.get(key);
    if (known) return known;
    const messages: Message[] = [];
    // As seat 0 sees it: any seat reads every message's text (spectators are filtered by the caller).
    for (const entry of await this.service.history(agg, 0)) {
      for (const e of entry.events) {
        if (e.type !== 'MessageSent') continue;
        const m = e as MessageSent;
        messages.push({ id: String(entry.version), seat: m.seat, name: agg.state.players[m.seat]?.name ?? '', text: m.text ?? '', at: m.at });
      }
    }
    messages.reverse();
    this.read.set(key, messages);
    return messages;
  }

  /** The seats `viewer` muted (empty for a spectator). */
  mutedBy(agg: Aggregate, viewer: Viewer): number[] {
    return viewer === null ? [] : (agg.app.chat?.muted[viewer] ?? []);
  }

  private seated(agg: Aggregate, credential: Credential, what: string): number {
    const seat = this.service.seatOf(agg, credential);
    if (seat === null) throw new AppError('UNAUTHENTICATED', `${what} needs the seat token, or the player token of a seated player`);
    return seat;
  }
}
