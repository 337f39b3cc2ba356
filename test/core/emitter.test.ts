import { describe, expect, it } from 'vitest';
import { Emitter, stateAfter } from '../../services/engine/core/index.js';

type Ev = { type: 'add'; n: number };
const evolve = (s: number, e: Ev) => s + e.n;

describe('Emitter', () => {
  it('applies each event as it is emitted, so later checks see the new state', () => {
    const t = new Emitter(1, evolve);
    expect(t.emit({ type: 'add', n: 2 }).state).toBe(3);
    t.emit({ type: 'add', n: t.state }, { type: 'add', n: 10 });
    expect(t.state).toBe(16);
    expect(t.events.map((e) => e.n)).toEqual([2, 3, 10]);
  });

  it('starts empty and hands out a copy of its events', () => {
    const t = new Emitter(0, evolve);
    expect(t.events).toEqual([]);
    t.emit({ type: 'add', n: 1 });
    t.events.push({ type: 'add', n: 99 });
    expect(t.events).toHaveLength(1);
    expect(t.state).toBe(1);
  });
});

describe('Emitter.emitAll and emitOne', () => {
  it('emit as emit does: in order, each applied before the next, the caller\'s list left as it was', () => {
    const list: Ev[] = [{ type: 'add', n: 2 }, { type: 'add', n: 3 }];
    const t = new Emitter(1, evolve).emitAll(list).emitOne({ type: 'add', n: 10 });
    expect(t.state).toBe(16);
    expect(t.events.map((e) => e.n)).toEqual([2, 3, 10]);
    expect(list).toHaveLength(2);
    expect(stateAfter(t.events, 1, evolve)).toBe(16);
  });
});

describe('stateAfter', () => {
  it('gives the state an Emitter computed for the very events array it handed out, from the same state and evolve', () => {
    const t = new Emitter(1, evolve).emit({ type: 'add', n: 2 }, { type: 'add', n: 3 });
    const events = t.events;
    expect(stateAfter(events, 1, evolve)).toBe(6);
  });

  it('knows nothing of a copy, a changed array, another start state or another evolve', () => {
    const events = new Emitter(1, evolve).emit({ type: 'add', n: 2 }).events;
    expect(stateAfter([...events], 1, evolve)).toBeUndefined();
    expect(stateAfter(events, 0, evolve)).toBeUndefined();
    expect(stateAfter(events, 1, (s: number, e: Ev) => s - e.n)).toBeUndefined();
    events.push({ type: 'add', n: 5 });
    expect(stateAfter(events, 1, evolve)).toBeUndefined();
  });
});

describe('Emitter with applyInPlace', () => {
  type S = { total: number; log: number[] };
  let copies = 0;
  const copyAndAdd = (s: S, e: Ev): S => {
    copies++;
    const own = { total: s.total, log: s.log };
    addInPlace(own, e);
    return own;
  };
  const addInPlace = (own: S, e: Ev) => {
    own.total += e.n;
    own.log = [...own.log, e.n];
  };

  it('copies the state once, at the first event, and changes that copy in place after: the state it started from is never changed', () => {
    copies = 0;
    const from: S = Object.freeze({ total: 1, log: [] });
    const t = new Emitter(from, copyAndAdd, addInPlace).emit({ type: 'add', n: 2 });
    const first = t.state;
    t.emit({ type: 'add', n: 3 }, { type: 'add', n: 4 });
    expect(copies).toBe(1);
    expect(t.state).toBe(first);
    expect(t.state).toEqual({ total: 10, log: [2, 3, 4] });
    expect(from).toEqual({ total: 1, log: [] });
    // The same state a fold by evolve alone reaches, and stateAfter hands it out.
    const events = t.events;
    expect(events.reduce(copyAndAdd, from)).toEqual(t.state);
    expect(stateAfter(events, from, copyAndAdd)).toBe(t.state);
  });
});
