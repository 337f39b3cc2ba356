/**
 * What a seat remembers is in its view (docs/rules/scout.md §5): the cards each seat captured
 * (everyone saw them in the Active Set) and, 2 players in round 2, every card it saw in round 1
 * (its dealt hand and every card shown), none of which is in round 2's deal.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, table, type TableEvent } from '../../../services/engine/core/index.js';
import { greedyScout } from '../../../services/bots/greedy/scout.js';
import type { ScoutEvent } from '../../../services/engine/games/scout/events.js';
import type { State } from '../../../services/engine/games/scout/state.js';
import { playing, scout } from './fixtures.js';
import { seated } from './history.js';

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

describe('the view keeps what a seat remembers', () => {
  it('lists the cards a seat captured, for every viewer', () => {
    const p = playing(3, ['5 5 1', '6 6 2', '1 3'], { start: 0 }).play(0, { type: 'show', from: 0, to: 1 }).play(1, { type: 'show', from: 0, to: 1 });
    const shown = (p.events.find((e) => e.type === 'Shown') as Extract<ScoutEvent, { type: 'Shown' }>).cards.map((c) => c.id);
    for (const viewer of [0, 1, 2, null]) {
      const players = scout.view(p.state, viewer).players;
      expect(players[1]!.captured).toEqual(shown);
      expect(players[1]!.capturedCount).toBe(2);
      expect(players[0]!.captured).toEqual([]);
    }
  });

  it('2 seats, round 2: each seat knows every card it saw in round 1 is out of the round; a spectator knows the shown ones', () => {
    const t = table(scout);
    const rng = fastRng(9);
    let { state, events } = seated(t, 2, {}, 'memory');
    const setup = { seats: 2, options: (state.play as State).options };
    const dealtTo: number[][] = [[], []];
    const shown = new Set<number>();
    const note = (es: readonly TableEvent[]) => {
      for (const e of es as ScoutEvent[]) {
        if (e.type === 'RoundDealt' && e.round === 1) e.hands.forEach((h, p) => (dealtTo[p] = h!.map((c) => c.id)));
        if (e.type === 'Shown') e.cards.forEach((c) => shown.add(c.id));
      }
    };
    note(events);
    while ((state.play as State).round === 1) {
      for (const viewer of [0, 1, null]) expect(scout.view(state.play as State, viewer).outOfRound).toEqual([]);
      const seat = t.status(state).toMove[0]!;
      const move = greedyScout(t.view(state, seat), t.legalMoves(state, seat), rng, { game: scout, seat, setup });
      const produced = t.decide(state, { type: 'move', seat, move });
      note(produced);
      state = t.fold(produced, state);
    }
    for (const seat of [0, 1]) expect(scout.view(state.play as State, seat).outOfRound).toEqual(sorted([...dealtTo[seat]!, ...shown]));
    expect(scout.view(state.play as State, null).outOfRound).toEqual(sorted(shown));
    const roundTwo = (state.play as State).hands.flat().map((c) => c.id);
    expect(roundTwo.filter((id) => dealtTo.flat().includes(id))).toEqual([]);
  });

  it('2 seats, a game from a snapshot written before round-1 memory was kept plays on and remembers nothing of round 1', () => {
    const { state: start } = seated(table(scout), 2, {}, 'old-snapshot');
    let s = structuredClone(start.play) as State;
    delete s.roundOneSeen;
    const rng = fastRng(2);
    const setup = { seats: 2, options: s.options };
    while (scout.status(s).toMove.length) {
      const seat = scout.status(s).toMove[0]!;
      const move = greedyScout(scout.view(s, seat), scout.legalCommands(s, seat), rng, { game: scout, seat, setup });
      s = scout.decide(s, move as never, seat, rng).reduce(scout.evolve, s);
      for (const viewer of [0, 1, null]) expect(scout.view(s, viewer).outOfRound).toEqual([]);
    }
    expect(s.round).toBe(2);
  });
});
