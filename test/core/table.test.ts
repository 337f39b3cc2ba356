import { describe, expect, it } from 'vitest';
import { RuleViolation, sha256Hex, table, type TableEvent } from '../../services/engine/core/index.js';
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
