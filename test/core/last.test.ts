/** core/last.ts `lastOf`: the one-slot memo the games' rules share (Seledyne's status, legal lists, sorted hands; the table's status). */
import { describe, expect, it } from 'vitest';
import { lastOf } from '../../services/engine/core/index.js';

describe('lastOf', () => {
  it('answers the argument asked last from memory, by identity, and asks again for any other', () => {
    const asked: object[] = [];
    const keys = lastOf((o: { n: number }) => {
      asked.push(o);
      return { double: o.n * 2 };
    });
    const a = { n: 1 };
    const b = { n: 1 };
    const first = keys(a);
    expect(keys(a)).toBe(first);
    expect(asked).toEqual([a]);
    // an equal but other object is another argument: asked again
    expect(keys(b)).not.toBe(first);
    expect(keys(b)).toEqual({ double: 2 });
    // one slot: a, asked before b, is asked again
    keys(a);
    expect(asked).toEqual([a, b, a]);
  });

  it('remembers an answer only once it is made (a throw leaves the slot as it was)', () => {
    let calls = 0;
    const f = lastOf((n: number) => {
      calls++;
      if (n < 0) throw new RangeError('negative');
      return n + 1;
    });
    expect(f(1)).toBe(2);
    expect(() => f(-1)).toThrow(RangeError);
    expect(() => f(-1)).toThrow(RangeError);
    expect(f(1)).toBe(2);
    expect(calls).toBe(3); // the last answer made (for 1) is still the one kept
  });

  it('memoises undefined answers and a first argument of undefined', () => {
    let calls = 0;
    const f = lastOf((_x: undefined) => {
      calls++;
      return undefined;
    });
    expect(f(undefined)).toBe(undefined);
    expect(f(undefined)).toBe(undefined);
    expect(calls).toBe(1);
  });
});
