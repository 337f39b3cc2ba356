import { describe, expect, it } from 'vitest';
import { Emitter, RuleViolation, sha256Hex, table, type TableEvent, type TableState } from '../../services/engine/core/index.js';
import { highCard } from '../kit/high-card.js';
import { expectIndistinguishable, randomPlaythrough } from '../kit/playthrough.js';

const t = table(highCard);
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleViolation) return e.code;
    throw e;
  }
  return 'accepted';
};

function started(seed = 's3cret') {
  const events: TableEvent[] = [];
  let s = t.fold((events.push(...t.decide(null, { type: 'create', game: 'high-card', seats: 2, options: {}, seed, seedFixed: false })), events));
  for (const name of ['ann', 'bob']) {
    const e = t.decide(s, { type: 'join', name, tokenHash: `hash-${name}` });
    events.push(...e);
    s = t.fold(e, s);
  }
  return { s, events };
}

describe('table lifecycle', () => {
  it('publishes the seed hash at creation and hides the seed until the end', () => {
    const { s, events } = started();
    expect(s.seedHash).toBe(sha256Hex('s3cret'));
    const created = t.redact(events[0]!, 0);
    expect(created).not.toHaveProperty('seed');
    expect(JSON.stringify(events.map((e) => t.redact(e, 1)))).not.toContain('s3cret');
  });

  it('never shows a seat token hash', () => {
    const { events } = started();
    expect(JSON.stringify(events.map((e) => t.redact(e, null)))).not.toContain('hash-');
  });

  it('starts the game when the last seat is taken', () => {
    const { s } = started();
    expect(s.started).toBe(true);
    expect(t.status(s).toMove).toEqual([0, 1]);
  });

  it('refuses a join to a full game, a bad seat count and bad options', () => {
    const { s } = started();
    expect(refused(() => t.decide(s, { type: 'join', name: 'cy', tokenHash: 'x' }))).toBe('FORBIDDEN');
    expect(refused(() => t.decide(null, { type: 'create', game: 'high-card', seats: 9, options: {}, seed: 'x', seedFixed: false }))).toBe('BAD_INPUT');
    expect(refused(() => t.decide(null, { type: 'create', game: 'high-card', seats: 2, options: { cards: 'many' }, seed: 'x', seedFixed: false }))).toBe('BAD_INPUT');
  });

  it('refuses malformed moves, moves out of turn and moves after the end', () => {
    let { s } = started();
    expect(refused(() => t.decide(s, { type: 'move', seat: 0, move: { type: 'dance' } }))).toBe('BAD_INPUT');
    s = t.fold(t.decide(s, { type: 'move', seat: 0, move: { type: 'choose', swap: true } }), s);
    expect(refused(() => t.decide(s, { type: 'move', seat: 0, move: { type: 'choose', swap: false } }))).toBe('NOT_YOUR_TURN');
    s = t.fold(t.decide(s, { type: 'move', seat: 1, move: { type: 'choose', swap: false } }), s);
    expect(s.ended).toBe(true);
    expect(refused(() => t.decide(s, { type: 'move', seat: 1, move: { type: 'choose', swap: false } }))).toBe('GAME_OVER');
  });

  it('checks the shape of every move that is not one the game just listed: the legal list saves no check on input from outside', () => {
    const { s } = started();
    const listed = t.legalMoves(s, 0);
    // Equal to a listed move but another object (as every move parsed from a request is), with an extra field: refused.
    expect(refused(() => t.decide(s, { type: 'move', seat: 0, move: { ...(listed[0] as object), extra: 1 } }))).toBe('BAD_INPUT');
    expect(refused(() => t.decide(s, { type: 'move', seat: 0, move: { type: 'choose', swap: 'yes' } }))).toBe('BAD_INPUT');
    // The listed object itself is taken as the game built it.
    const again = t.legalMoves(s, 0);
    expect(refused(() => t.decide(s, { type: 'move', seat: 0, move: again[1] }))).toBe('accepted');
  });

  it('reveals the seed in the final event, so the shuffle can be replayed', () => {
    const { events } = randomPlaythrough(highCard, { seats: 3, seed: 'replay-me' });
    const ended = events.at(-1)!;
    expect(ended).toMatchObject({ type: 'GameEnded', seed: 'replay-me' });
    expect(t.redact(ended, 2)).toMatchObject({ seed: 'replay-me' });
  });

  it('keeps simultaneous choices hidden until all are in (non-interference)', () => {
    const a = started();
    const b = started();
    const sa = t.decide(a.s, { type: 'move', seat: 0, move: { type: 'choose', swap: true } });
    const sb = t.decide(b.s, { type: 'move', seat: 0, move: { type: 'choose', swap: false } });
    expectIndistinguishable(highCard, [...a.events, ...sa], [...b.events, ...sb], 1);
  });
});

describe('random playthroughs of the toy game', () => {
  it.each([2, 3, 4])('%i seats: 200 games end with every invariant', (seats) => {
    for (let g = 0; g < 200; g++) randomPlaythrough(highCard, { seats, seed: `g${g}`, botSeed: g });
  });
});

describe('the state decide computed is not folded twice', () => {
  /** High card with its evolve counted, and optionally its decide run through the core's Emitter. */
  function counted(useEmitter: boolean) {
    const calls = { n: 0 };
    const evolve: typeof highCard.evolve = (s, e) => (calls.n++, highCard.evolve(s, e));
    const game: typeof highCard = {
      ...highCard,
      evolve,
      decide: useEmitter ? (s, c, seat, rng) => new Emitter(s, evolve).emit(...highCard.decide(s, c, seat, rng)).events : highCard.decide,
    };
    return { t: table(game), calls };
  }
  const chooseAll = (tt: ReturnType<typeof table>, s: TableState) => {
    for (const seat of [0, 1]) s = tt.fold(tt.decide(s, { type: 'move', seat, move: { type: 'choose', swap: seat === 0 } }), s);
    return s;
  };

  it("the caller's fold of decide's events reuses decide's state: the game's evolve runs once per event", () => {
    const { t: tt, calls } = counted(false);
    const s = started().s;
    calls.n = 0;
    const end = chooseAll(tt, s);
    expect(end.ended).toBe(true);
    expect(calls.n).toBe(3); // Chose, Chose, Revealed
    expect(end).toEqual(chooseAll(t, s));
  });

  it("the table reuses the state the game's Emitter computed in decide: nothing is evolved again", () => {
    const { t: tt, calls } = counted(true);
    const s = started().s;
    calls.n = 0;
    const end = chooseAll(tt, s);
    expect(calls.n).toBe(3);
    expect(end).toEqual(chooseAll(t, s));
  });

  it('a fold of other events, of changed events or from another state folds them anew', () => {
    const { s } = started();
    const events = t.decide(s, { type: 'move', seat: 0, move: { type: 'choose', swap: true } });
    const other = started('other').s;
    expect(t.fold(events, other).play).toEqual(table(highCard).fold(events, other).play);
    expect(t.fold([...events], s)).toEqual(t.fold(events, s));
    events.push({ type: 'Chose', seat: 1, swap: false } as TableEvent);
    expect(t.status(t.fold(events, s)).toMove).toEqual([]);
  });
});
