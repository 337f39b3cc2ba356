/**
 * Streams for REST clients, so none has to poll (issue #37; Lichess streams the same way): NDJSON,
 * one JSON object a line, an empty line every 30 s to keep the connection open.
 * - `GET /v1/games/:id/stream`: the game as the caller sees it (the same object as
 *   `GET /v1/games/:id`, redacted for the caller's seat, or a spectator's without a token), now
 *   and then at every newer version, in order; it ends after the version that ends the game.
 * - `GET /v1/me/games/stream`: the caller's inbox (a player token): the games awaiting its move
 *   now, then every change of an entry (GraphQL `myGames`).
 * A stream is bounded per client address (`socketsPerClient`, the same count as WebSockets), and
 * does not hold a request slot while it is open (limits/streaming.ts: `isStream`).
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Aggregate } from '../../app/aggregate.js';
import { checkNotSealed } from '../../app/sealed.js';
import type { ParlorService } from '../../app/service.js';
import { playerOf } from '../../players/index.js';
import type { InboxEntry } from '../../players/inbox.js';
import type { PlayApi } from '../../play-by-turn.js';
import { gameDto } from '../dto.js';
import { sendError } from '../limits/http.js';
import type { Limits } from '../limits/settings.js';
import { errorShape } from './shapes.js';

const KEEPALIVE_MS = 30_000;
/** Versions a game's stream holds while it waits for an earlier one (a few are the most seen). */
const MAX_AHEAD = 64;
const NDJSON = 'application/x-ndjson';
const refusals = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 429: errorShape };
const streamed = (what: string) => ({ 200: { description: `NDJSON: ${what}, one JSON object a line; empty lines keep the connection open.`, content: { [NDJSON]: { schema: { type: 'string' } } } } });

/** Listeners by key, so a closed stream stops listening (the service's own listeners are for good). */
class Hub<T> {
  private readonly by = new Map<string, Set<(x: T) => void>>();
  publish(key: string, x: T) {
    for (const f of this.by.get(key) ?? []) f(x);
  }
  listen(key: string, f: (x: T) => void): () => void {
    const set = this.by.get(key) ?? new Set();
    this.by.set(key, set.add(f));
    return () => {
      set.delete(f);
      if (!set.size) this.by.delete(key);
    };
  }
}

export async function streamRoutes(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi; limits: Pick<Limits, 'socketsPerClient' | 'streamBufferBytes'> }) {
  const { service, play } = opts;
  const games = new Hub<Aggregate>();
  const inbox = new Hub<InboxEntry>();
  service.onCommit((agg) => games.publish(agg.id, agg));
  play.players.inbox.onChange(({ entry }) => inbox.publish(entry.player, entry));

  // Open streams end when the server closes (they would hold its close up for good).
  const live = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...live]) end();
  });

  const open = new Map<string, number>();
  /** Takes a stream slot of the client address, or refuses (429); the slot is given back on close. */
  const slot = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const held = open.get(req.ip) ?? 0;
    if (held >= opts.limits.socketsPerClient) {
      sendError(req, reply, 429, 'RATE_LIMITED', `at most ${opts.limits.socketsPerClient} streams open per client address`);
      return false;
    }
    open.set(req.ip, held + 1);
    reply.raw.once('close', () => {
      const left = (open.get(req.ip) ?? 1) - 1;
      if (left > 0) open.set(req.ip, left);
      else open.delete(req.ip);
    });
    return true;
  };

  /** Starts the NDJSON answer; `stop` runs when the client goes or the stream ends. */
  const ndjson = (reply: FastifyReply, stop: () => void) => {
    const out = new PassThrough();
    const keepalive = setInterval(() => out.write('\n'), KEEPALIVE_MS).unref();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      live.delete(end);
      clearInterval(keepalive);
      stop();
      out.end();
    };
    live.add(end);
    reply.raw.once('close', end);
    out.once('close', end); // the answer cut off: the pipe destroys the stream before the reply closes
    out.on('error', end);
    reply.header('cache-control', 'no-store').type(NDJSON).send(out);
    out.write('\n'); // the headers go out with a first (empty) line, before anything happens
    const line = (x: unknown) => {
      if (ended || out.destroyed) return;
      // A reader that does not read leaves the lines in this process: past the bound it is cut off
      // (its connection closed, the memory freed); opening the stream again gives the game as it is.
      if (out.writableLength + out.readableLength + reply.raw.writableLength > opts.limits.streamBufferBytes) {
        end();
        out.destroy();
        reply.raw.destroy();
        return;
      }
      out.write(`${JSON.stringify(x)}\n`);
    };
    return { line, end };
  };

  app.get<{ Params: { id: string } }>(
    '/games/:id/stream',
    {
      schema: {
        summary: 'NDJSON stream of the game as the caller sees it: now, then each newer version (ends with the game)',
        tags: ['games'],
        security: [{ seatToken: [] }],
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } }, required: ['id'] },
        response: { ...streamed('the Game at each version'), ...refusals },
      },
    },
    async (req, reply) => {
      const pending: Aggregate[] = [];
      let last = -1;
      let stream: ReturnType<typeof ndjson> | undefined;
      // Commits are published once their reactions are done, so a later one can come first (a
      // bot's move, made in the background, before the human's move it answers): it waits in
      // `ahead` for the one before it, so every version goes out, in order.
      const ahead = new Map<number, Aggregate>();
      const send = (agg: Aggregate) => {
        if (!stream) return void pending.push(agg);
        if (agg.version <= last) return; // already sent (the first line was read after it)
        if (last >= 0 && agg.version > last + 1) {
          ahead.set(agg.version, agg);
          if (ahead.size > MAX_AHEAD) stream.end(); // a version that never comes: the client opens the stream again
          return;
        }
        for (let next: Aggregate | undefined = agg; next; next = ahead.get(last + 1)) {
          ahead.delete(next.version);
          last = next.version;
          // Each line as the caller's seat sees it at that version, as the subscription's.
          stream.line(gameDto(next, service.seatOf(next, req.credential)));
          if (next.state.ended) return stream.end();
        }
      };
      // Listen before reading the game: a commit published while the read is under way waits in
      // `pending` (listening after the read lost it: the stream skipped that version).
      const unlisten = games.listen(req.params.id, send);
      let first: Aggregate;
      try {
        first = await service.load(req.params.id);
        checkNotSealed(first, service.seatOf(first, req.credential));
      } catch (e) {
        unlisten();
        throw e;
      }
      if (!slot(req, reply)) {
        unlisten();
        return reply;
      }
      stream = ndjson(reply, unlisten);
      for (const agg of [first, ...pending.sort((a, b) => a.version - b.version)]) send(agg);
      return reply;
    },
  );

  app.get(
    '/me/games/stream',
    {
      schema: {
        summary: "NDJSON stream of the calling player's inbox: the games awaiting its move now, then each entry as it changes",
        tags: ['players'],
        security: [{ seatToken: [] }],
        response: { ...streamed('an inbox entry (PlayerGame without game)'), ...refusals },
      },
    },
    async (req, reply) => {
      const player = playerOf(req.credential);
      if (!slot(req, reply)) return reply;
      const pending: InboxEntry[] = [];
      let stream: ReturnType<typeof ndjson> | undefined;
      const unlisten = inbox.listen(player, (e) => (stream ? stream.line(e) : pending.push(e)));
      const now = await play.players.inbox.page(player, { awaitingMyMove: true, first: 100 });
      stream = ndjson(reply, unlisten);
      for (const e of [...now.edges.map((x) => x.node), ...pending]) stream.line(e);
      return reply;
    },
  );
}
