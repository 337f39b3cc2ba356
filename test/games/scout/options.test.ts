/**
 * Every option, both ways (its default is the reading of docs/rules/scout.md).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastRng, table, type TableEvent } from '../../../services/engine/core/index.js';
import type { RoundDealt } from '../../../services/engine/games/scout/events.js';
import { options } from '../../../services/engine/games/scout/options.js';
import { optionsTable } from '../../kit/rules-doc.js';
import { dealing, playing, scout } from './fixtures.js';

describe('options', () => {
  it('every option has a default and a description citing its section of docs/rules/scout.md', () => {
    const defaults = scout.options.parse({});
    expect(defaults).toEqual({
      ownerPersistsWhenSetEmptied: true,
      twoPlayerAllowPass: false,
      twoPlayerUnspentChipsScore: true,
      hideScoutInsertPosition: false,
      startSeat: null,
      simultaneousRotation: true,
      scoutShowOnlyWhenShowFollows: true,
      roundActionLimit: null,
    });
    for (const field of Object.values(options.shape)) expect(field.description).toMatch(/^docs\/rules\/scout\.md (§|E\d)/);
  });

  it('docs/rules/scout.md §7 lists every option with its default', () => {
    expect(optionsTable('docs/rules/scout.md')).toEqual(Object.entries(scout.options.parse({})).map(([name, value]) => [name, JSON.stringify(value)]));
  });

  it('the options convert to JSON Schema for the catalog, with their defaults', () => {
    const schema = z.toJSONSchema(options, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { default?: unknown }> };
    expect(Object.keys(schema.properties)).toHaveLength(8);
    expect(schema.properties.ownerPersistsWhenSetEmptied!.default).toBe(true);
    expect(schema.properties.startSeat!.default).toBeNull();
  });

  it('the catalog publishes the deck, the setup per player count and bilingual terms', () => {
    expect(scout.names).toEqual({ en: 'SCOUT', fa: 'اسکات' });
    expect(scout.catalog.cards).toHaveLength(45);
    expect(scout.catalog.setup['3']).toMatchObject({ handSize: 12, rounds: 3, scoutShow: true });
    expect(scout.catalog.setup['3']!.removed).toHaveLength(9);
    expect(scout.catalog.setup['2']).toMatchObject({ handSize: 11, scoutChipsPerRound: 3, scoutShow: false, setAsideForRound2: true });
    expect(scout.catalog.terms.scoutShow).toEqual({ en: 'Scout & Show', fa: 'عمل دوگانه' });
    expect(JSON.parse(JSON.stringify(scout.catalog))).toEqual(scout.catalog);
  });

  describe('ownerPersistsWhenSetEmptied (E4)', () => {
    // 3p: A shows 2 cards, B scouts one, C scouts the other: the turn returns to A.
    const emptied = (ownerPersistsWhenSetEmptied: boolean) =>
      playing(3, ['5 6 1 1', '2 8', '9 4'], { options: { ownerPersistsWhenSetEmptied } })
        .play(0, { type: 'show', from: 0, to: 1 })
        .play(1, { type: 'scout', end: 'left', flip: false, at: 0 });

    it('true (default): the round ends by condition 2 and A is exempt', () => {
      const p = emptied(true).play(2, { type: 'scout', end: 'left', flip: false, at: 0 });
      expect(p.last[1]).toMatchObject({ type: 'RoundEnded', reason: 'scouted-around', exempt: 0 });
    });

    it('true: an emptied set keeps its Owner until someone shows', () => {
      const p = playing(4, ['5 6 1 1', '2 8', '9 4', '3 3'])
        .play(0, { type: 'show', from: 0, to: 1 })
        .play(1, { type: 'scout', end: 'left', flip: false, at: 0 })
        .play(2, { type: 'scout', end: 'left', flip: false, at: 0 });
      expect(p.state).toMatchObject({ owner: 0, consecutiveScouts: 2, active: [] });
      expect(scout.view(p.state, 3).activeSet).toEqual({ cards: [], owner: 0 });
    });

    it('false: no Owner once the set is empty; the count resets and A must Show on an empty table', () => {
      const p = emptied(false).play(2, { type: 'scout', end: 'left', flip: false, at: 0 });
      expect(p.last.map((e) => e.type)).toEqual(['Scouted']);
      expect(p.state).toMatchObject({ owner: null, consecutiveScouts: 0, turn: 0, round: 1 });
      expect(p.state.chips).toEqual([2, 0, 0]);
      expect(new Set(scout.legalCommands(p.state, 0).map((m) => m.type))).toEqual(new Set(['show']));
      expect(scout.view(p.state, 0).activeSet).toBeNull();
    });
  });

  describe('roundActionLimit (§4.1 condition 3 / E15)', () => {
    // 3p: whoever faces an empty table shows one card, the next player scouts it back: the set is
    // empty again after one scout, so condition 2 never comes and no hand ever runs out (E15).
    const cycle = (roundActionLimit: number | null, actions: number) => {
      let p = playing(3, ['5 6 1', '2 8 3', '9 4 7'], { options: { roundActionLimit } });
      for (let i = 0; i < actions && p.state.round === 1 && p.state.phase === 'play'; i++) {
        const seat = p.state.turn;
        p = p.play(seat, p.state.active.length ? { type: 'scout', end: 'left', flip: false, at: 0 } : { type: 'show', from: 0, to: 0 });
      }
      return p;
    };

    it('null (default): the rules let the round cycle for ever: after 300 actions it still runs, every hand as large as dealt give or take one', () => {
      const p = cycle(null, 300);
      expect(p.state).toMatchObject({ round: 1, phase: 'play', actions: 300 });
      for (const hand of p.state.hands) expect(hand.length).toBeGreaterThanOrEqual(2);
      expect(p.state.captured).toEqual([[], [], []]);
    });

    it('a number: the round ends after that many actions, scored by §4.2 with nobody exempt, and the next round counts from 0', () => {
      const p = cycle(10, 10);
      const ended = p.last.find((e) => e.type === 'RoundEnded');
      expect(p.last.filter((e) => e.type === 'Shown' || e.type === 'Scouted')).toHaveLength(1);
      expect(ended).toMatchObject({ round: 1, reason: 'action-limit', exempt: null });
      // Five shows and five scouts: every Owner got a chip per scout; hands score against their holders.
      const scores = (ended as { scores: { captured: number; scoutChips: number; handCards: number; handPenalty: number; score: number }[] }).scores;
      expect(scores.reduce((n, r) => n + r.scoutChips, 0)).toBe(5);
      for (const r of scores) expect(r).toMatchObject({ captured: 0, handPenalty: r.handCards, score: r.scoutChips - r.handCards });
      expect(p.state).toMatchObject({ round: 2, actions: 0 });
      expect(cycle(10, 9).state).toMatchObject({ round: 1, phase: 'play', actions: 9 });
    });
  });

  describe('scoutShowOnlyWhenShowFollows (§3.5 step 7 / E6)', () => {
    // 3p: A shows 9-9-9; B holds a single 1, so no Show can follow any scout of B's.
    const noShowAfter = (scoutShowOnlyWhenShowFollows: boolean) =>
      playing(3, ['9 9 9 1', '1', '2 3'], { options: { scoutShowOnlyWhenShowFollows } }).play(0, { type: 'show', from: 0, to: 2 });
    const step = { type: 'scoutShow', end: 'left', flip: false, at: 0 } as const;
    const scoutShows = (p: { state: Parameters<typeof scout.legalCommands>[0] }) => scout.legalCommands(p.state, 1).filter((m) => m.type === 'scoutShow');

    it('true (default): a Scout & Show that no Show could follow is neither offered nor accepted', () => {
      const p = noShowAfter(true);
      expect(scoutShows(p)).toEqual([]);
      p.given().when(1, step).thenRefused('ILLEGAL_MOVE', 'no Show would be possible');
    });

    it('false: offered whenever the chip is held; with no Show to follow it ends as a plain Scout (chip spent, Owner paid, turn passed, counted for condition 2)', () => {
      const p = noShowAfter(false);
      expect(scoutShows(p)).toHaveLength(2 * 2 * 2); // two ends, two orientations, two insert positions
      p.given().when(1, { ...step, from: 0, to: 1 }).thenRefused('ILLEGAL_MOVE');
      const q = p.play(1, step);
      expect(q.last.map((e) => e.type)).toEqual(['ScoutShowStarted', 'Scouted']);
      expect(q.state).toMatchObject({ pendingShow: false, turn: 2, owner: 0, consecutiveScouts: 1, scoutShowChip: [true, false, true], chips: [1, 0, 0] });
      expect(scout.status(q.state)).toMatchObject({ phase: 'play', toMove: [2] });
      const r = q.play(2, { type: 'scout', end: 'left', flip: false, at: 0 });
      expect(r.last.find((e) => e.type === 'RoundEnded')).toMatchObject({ reason: 'scouted-around', exempt: 0 });
    });

    it('false: when a Show can follow, the Show is still due', () => {
      // A shows 5-6-7; B scouts the 7 in front of its 8-9 and may then show 7-8-9.
      const p = playing(3, ['5/1 6/2 7/3 1', '8 9 2', '9 9 4 3'], { options: { scoutShowOnlyWhenShowFollows: false } })
        .play(0, { type: 'show', from: 0, to: 2 })
        .play(1, { type: 'scoutShow', end: 'right', flip: false, at: 0 });
      expect(scout.status(p.state)).toMatchObject({ phase: 'scout-show', toMove: [1] });
      expect(new Set(scout.legalCommands(p.state, 1).map((m) => m.type))).toEqual(new Set(['show']));
    });
  });

  describe('twoPlayerAllowPass (§3.6)', () => {
    const shown = (twoPlayerAllowPass: boolean) => playing(2, ['5 6 1 1', '2 3 7 8'], { options: { twoPlayerAllowPass }, setAside: '' }).play(0, { type: 'show', from: 0, to: 1 });

    it('false (default): no voluntary pass', () => {
      const p = shown(false);
      expect(scout.legalCommands(p.state, 1).some((m) => m.type === 'pass')).toBe(false);
      p.given().when(1, { type: 'pass' }).thenRefused('ILLEGAL_MOVE', 'passing is not allowed');
    });

    it('true: a pass ends the round as condition 2, the Owner exempt', () => {
      const p = shown(true);
      expect(scout.legalCommands(p.state, 1)).toContainEqual({ type: 'pass' });
      const after = p.play(1, { type: 'pass' });
      expect(after.last.slice(0, 2)).toMatchObject([
        { type: 'Passed', seat: 1 },
        { type: 'RoundEnded', reason: 'passed', exempt: 0 },
      ]);
    });

    it('true: no pass on an empty table (the first player must Show)', () => {
      const p = playing(2, ['5 6', '2 3'], { options: { twoPlayerAllowPass: true }, setAside: '' });
      expect(scout.legalCommands(p.state, 0).some((m) => m.type === 'pass')).toBe(false);
      p.given().when(0, { type: 'pass' }).thenRefused('ILLEGAL_MOVE', 'you must Show');
    });

    it('is refused with 3 or more players whatever the option', () => {
      const p = playing(3, ['5 1', '2 8', '9 4'], { options: { twoPlayerAllowPass: true } }).play(0, { type: 'show', from: 0, to: 0 });
      p.given().when(1, { type: 'pass' }).thenRefused('ILLEGAL_MOVE', 'passing is not allowed');
    });
  });

  describe('twoPlayerUnspentChipsScore (§3.6)', () => {
    const end = (twoPlayerUnspentChipsScore: boolean) => {
      const p = playing(2, ['7 8 9 1', '1 3 5 7'], { options: { twoPlayerUnspentChipsScore }, setAside: '' });
      const state = { ...p.state, chips: [2, 0] };
      return scout.decide(state, { type: 'show', from: 0, to: 2 }, 0, fastRng(1))[1];
    };

    it('true (default): chips still held score +1 each', () => {
      expect(end(true)).toMatchObject({ type: 'RoundEnded', scores: [{ score: 2 }, { score: -4 }] });
    });

    it('false: they score nothing', () => {
      expect(end(false)).toMatchObject({ type: 'RoundEnded', scores: [{ score: 0, scoutChips: 2 }, { score: -4 }] });
    });
  });

  describe('hideScoutInsertPosition (§5)', () => {
    const scouted = (hideScoutInsertPosition: boolean) =>
      playing(3, ['5 1 1', '2 8', '9 4'], { options: { hideScoutInsertPosition } })
        .play(0, { type: 'show', from: 0, to: 0 })
        .play(1, { type: 'scout', end: 'left', flip: true, at: 1 });

    it('false (default): others see where the card went, not how it is turned', () => {
      const p = scouted(false);
      expect(scout.redact(p.last[0]!, 2)).toMatchObject({ at: 1, flip: null });
      expect(scout.view(p.state, 2).players[1]!.knownCards).toEqual([{ id: p.state.hands[1]![1]!.id, lo: 1, hi: 5, index: 1 }]);
    });

    it('true: only the scout sees the position', () => {
      const p = scouted(true);
      expect(scout.redact(p.last[0]!, 2)).toMatchObject({ at: null, flip: null });
      expect(scout.redact(p.last[0]!, null)).toMatchObject({ at: null, flip: null });
      expect(scout.redact(p.last[0]!, 1)).toMatchObject({ at: 1, flip: true });
      expect(scout.view(p.state, 2).players[1]!.knownCards[0]!.index).toBeNull();
      expect(scout.view(p.state, 1).players[1]!.knownCards[0]!.index).toBe(1);
    });
  });

  describe('startSeat (§2.3 game setup step 1)', () => {
    const first = (startSeat: number | null, seed: number) => {
      const s = scout.initialState({ seats: 4, options: scout.options.parse({ startSeat }) });
      return (scout.start(s, fastRng(seed))[0] as RoundDealt).startPlayer;
    };

    it('null (default): drawn at random', () => {
      expect(new Set(Array.from({ length: 40 }, (_, seed) => first(null, seed)))).toEqual(new Set([0, 1, 2, 3]));
    });

    it('a seat: that seat starts round 1, the next seat round 2', () => {
      expect(Array.from({ length: 10 }, (_, seed) => first(2, seed))).toEqual(Array(10).fill(2));
      const p = playing(3, ['5', '2 8', '9 4'], { start: 2 }).play(2, { type: 'show', from: 0, to: 0 });
      expect(p.state.startPlayer).toBe(2);
    });

    it('must be a seat of the game', () => {
      const t = table(scout);
      expect(() => t.decide(null, { type: 'create', game: 'scout', seats: 3, options: { startSeat: 3 }, seed: 's', seedFixed: true })).toThrow('startSeat');
      const ok: TableEvent[] = t.decide(null, { type: 'create', game: 'scout', seats: 4, options: { startSeat: 3 }, seed: 's', seedFixed: true });
      expect(ok).toHaveLength(1);
    });
  });

  describe('simultaneousRotation (§2.3 round setup step 4)', () => {
    it('true (default): all choose at once', () => {
      expect(scout.status(dealing(4, ['1', '2', '3', '4'], { start: 2 }).state).toMove).toEqual([0, 1, 2, 3]);
    });

    it('false: one at a time in turn order from the start player, still hidden', () => {
      let p = dealing(4, ['1', '2', '3', '4'], { start: 2, options: { simultaneousRotation: false } });
      expect(scout.status(p.state).toMove).toEqual([2]);
      expect(scout.legalCommands(p.state, 0)).toEqual([]);
      p.given().when(0, { type: 'rotate', rotate: true }).thenRefused('ILLEGAL_MOVE', 'wait until');
      p = p.play(2, { type: 'rotate', rotate: true });
      expect(scout.redact(p.last[0]!, 3)).toEqual({ type: 'RotationChosen', seat: 2, rotate: null });
      expect(scout.status(p.state).toMove).toEqual([3]);
      p = p.play(3, { type: 'rotate', rotate: false }).play(0, { type: 'rotate', rotate: false });
      expect(scout.status(p.state).toMove).toEqual([1]);
      p = p.play(1, { type: 'rotate', rotate: true });
      expect(p.last.at(-1)).toEqual({ type: 'PlayBegan', round: 1, player: 2 });
    });
  });
});
