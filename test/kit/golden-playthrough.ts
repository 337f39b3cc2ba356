/**
 * Golden playthroughs, as OpenSpiel keeps them: a seeded random game written out as text, one
 * command per block, with the events it made, what every seat sees afterwards, who is to move,
 * and the result at the end. A seat's view is written whole once, then as the paths that changed
 * (`villages.0.cards.2.faceUp = true`), which keeps the files small enough to read. The files under test/games/playthroughs/ are the record of how the
 * rules play; a change in rule behaviour shows as the first line that differs. After an intended
 * change, `npm run playthroughs:write` writes them anew (and the diff is the review).
 */
import { fastRng, randomBot, table, type AnyGame, type TableState } from '../../services/engine/core/index.js';

export interface GoldenCase {
  game: AnyGame;
  seats: number;
  options?: object;
  seed: number;
}

/** The file a case is kept in, relative to test/games/playthroughs/. */
export const goldenFile = (c: GoldenCase) => `${c.game.id}-${c.seats}-seats-seed-${c.seed}.txt`;

const line = (x: unknown) => JSON.stringify(x);

/** A short object (a card, a pending choice) reads best whole. */
const LEAF_CHARS = 200;

/** A JSON value as path → leaf, so two views compare path by path. */
function flatten(x: unknown, path = '', into = new Map<string, string>()): Map<string, string> {
  if (x !== null && typeof x === 'object' && line(x).length > LEAF_CHARS)
    for (const [k, v] of Object.entries(x)) flatten(v, path ? `${path}.${k}` : k, into);
  else into.set(path, line(x));
  return into;
}

/** The paths of `now` that differ from `before`, and the ones gone, one per entry. */
function changes(before: Map<string, string>, now: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [k, v] of now) if (before.get(k) !== v) out.push(`${k} = ${v}`);
  for (const k of before.keys()) if (!now.has(k)) out.push(`${k} gone`);
  return out;
}

/** Plays the case with the random bot and writes every step as text. */
export function goldenPlaythrough(c: GoldenCase): string {
  const t = table(c.game);
  const rng = fastRng(c.seed);
  const out: string[] = [`# ${c.game.id}, ${c.seats} seats, options ${line(c.options ?? {})}, secret seed golden-${c.seed}, random bot seed ${c.seed}`];
  let step = 0;
  const apply = (s: TableState | null, cmd: Parameters<typeof t.decide>[1], title: string) => {
    const events = t.decide(s, cmd);
    const next = t.fold(events, s);
    out.push('', `## ${step++}. ${title}`);
    for (const e of events) out.push(`event ${line(e)}`);
    return next;
  };
  let s = apply(null, { type: 'create', game: c.game.id, seats: c.seats, options: c.options ?? {}, seed: `golden-${c.seed}`, seedFixed: true }, 'create');
  for (let seat = 0; seat < c.seats; seat++) s = apply(s, { type: 'join', name: `p${seat}`, tokenHash: `${seat}` }, `seat ${seat} joins`);
  const seen: Map<string, string>[] = [];
  while (!s.ended) {
    const status = t.status(s);
    out.push(`phase ${status.phase}, to move ${line(status.toMove)}`);
    for (let seat = 0; seat < c.seats; seat++) {
      const now = flatten(t.view(s, seat));
      const before = seen[seat];
      if (!before) out.push(`seat ${seat} sees ${line(t.view(s, seat))}`);
      else for (const change of changes(before, now)) out.push(`seat ${seat} sees ${change}`);
      seen[seat] = now;
    }
    const seat = status.toMove[rng.int(status.toMove.length)]!;
    const legal = t.legalMoves(s, seat);
    const move = randomBot(t.view(s, seat), legal, rng);
    s = apply(s, { type: 'move', seat, move }, `seat ${seat} of ${legal.length} legal moves plays ${line(move)}`);
  }
  out.push('', `result ${line(t.status(s).result)}`, '');
  return out.join('\n');
}
