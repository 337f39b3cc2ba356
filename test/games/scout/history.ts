/** Table-level histories (what `observe` and the playthroughs fold): a game created and seated. */
import type { Table, TableEvent, TableState } from '../../../services/engine/core/index.js';

export interface History {
  events: TableEvent[];
  state: TableState;
}

export function append(t: Table, h: History, produced: TableEvent[]): History {
  return { events: [...h.events, ...produced], state: t.fold(produced, h.state) };
}

/** Created with `options` and `seed`, every seat taken: the game has started (dealt). */
export function seated(t: Table, seats: number, options: unknown, seed: string): History {
  const created = t.decide(null, { type: 'create', game: t.game.id, seats, options, seed, seedFixed: true });
  let h: History = { events: created, state: t.fold(created) };
  for (let s = 0; s < seats; s++) h = append(t, h, t.decide(h.state, { type: 'join', name: `p${s}`, tokenHash: `h${s}` }));
  return h;
}
