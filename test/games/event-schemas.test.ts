/**
 * Each game's own event schemas (published in gameTypes.events and docs/analytics.md) describe
 * the events the engine really emits: every event of games played by random and greedy bots at
 * every seat count, as each viewer receives it (a seat, a spectator) and as the export holds it
 * (nothing hidden once the game is over), matches the schema of its type — and every type the
 * engine emits has one.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { exportedEvent } from '../../services/analytics/record.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { eventSchemas } from '../../services/analytics/event-schemas.js';
import { isAppEvent } from '../../services/app/app-events.js';
import { randomBot, tableFor, type AnyGame, type TableEvent } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';

/** Options that reach event types default play never emits (played at 2 seats, where the two-player rules apply). */
const EXTRA_OPTIONS: Record<string, unknown[]> = {
  scout: [{ twoPlayerAllowPass: true, scoutShowOnlyWhenShowFollows: false }],
  // Equal cheap cards in hand: a seat can give its last house card, which ends the stage early.
  // The largest die the options allow: its faces must be within the published dice range.
  seledyne: [{ initialHandSize: 10, cardValues: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }, { dieFaces: 12 }],
  silver: [{ edition: 'coin' }, { edition: 'amulet' }, { edition: 'dagger', mix: { 0: 'promo', 3: 'promo', 5: 'promo', 12: 'promo' } }],
};

function playedEvents(game: AnyGame): { event: TableEvent; viewer: number | null | 'export' }[] {
  const t = tableFor(game);
  const out: { event: TableEvent; viewer: number | null | 'export' }[] = [];
  const plays = [
    ...Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, k) => ({ options: {}, seats: game.seats.min + k })),
    ...(EXTRA_OPTIONS[game.id] ?? []).flatMap((options) => [game.seats.min, Math.min(game.seats.max, 4)].map((seats) => ({ options, seats }))),
  ];
  for (const { options, seats } of plays) {
    {
      for (const [k, bot] of [randomBot, GREEDY[game.id] ?? randomBot].entries()) {
        const commits = botGame(game, { seats, options, seed: `schemas-${seats}-${k}`, botSeed: seats * 10 + k, bot });
        for (const e of commits.flatMap((c) => c.events as TableEvent[]).filter((e) => !isAppEvent(e))) {
          out.push({ event: exportedEvent(e) as TableEvent, viewer: 'export' });
          for (const viewer of [null, ...Array(seats).keys()]) out.push({ event: t.redact(e, viewer), viewer });
        }
      }
    }
  }
  return out;
}

describe('game event schemas', () => {
  it.each(games.filter((g) => g.events).map((g) => [g.id, g] as const))('%s: every event the engine emits, as every viewer and the export see it, matches its published schema', (_id, game) => {
    const ajv = new Ajv({ strict: false });
    const validators = new Map(Object.entries(eventSchemas(game)).map(([type, s]) => [type, ajv.compile(s)]));
    const seen = new Set<string>();
    // What is validated is the event's JSON: an event whose JSON was already checked (the same redaction for several viewers, the same deal in several games) is not checked again.
    const checked = new Set<string>();
    for (const { event, viewer } of playedEvents(game)) {
      const json = JSON.stringify(event);
      if (checked.has(json)) continue;
      checked.add(json);
      const validate = validators.get(event.type);
      expect(validate, `${event.type} has no schema`).toBeDefined();
      expect(validate!(JSON.parse(json)), `${event.type} for ${viewer}: ${ajv.errorsText(validate!.errors)}`).toBe(true);
      seen.add(event.type);
    }
    expect([...Object.keys(game.events!)].filter((t) => !seen.has(t)), 'types no played game reached').toEqual([]);
  });
});
