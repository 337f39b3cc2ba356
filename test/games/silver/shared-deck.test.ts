/**
 * Games with the same deck share one editions array, whatever options object each parsed (every
 * load of a game parses its own): the card definitions, passives and card and slot views are
 * cached per editions array (state.ts defsOf, protect.ts, view.ts), so they are built once per
 * deck, not once per game.
 */
import { describe, expect, it } from 'vitest';
import { silver } from '../../../services/engine/games/silver/index.js';
import { defsOf, initialState } from '../../../services/engine/games/silver/state.js';

const stateOf = (options: object) => initialState({ seats: 2, options: silver.options.parse(options) });

describe('one editions array per deck', () => {
  it('two games of one deck share it (and so the card tables); another deck has its own', () => {
    const a = stateOf({ edition: 'coin', mix: { '3': 'promo' } });
    const b = stateOf({ edition: 'coin', mix: { '3': 'promo' }, rounds: 2 });
    expect(b.o).not.toBe(a.o);
    expect(b.eds).toBe(a.eds);
    expect(defsOf(b)).toBe(defsOf(a));
    expect(Object.isFrozen(a.eds)).toBe(true);
    const c = stateOf({ edition: 'coin' });
    expect(c.eds).not.toBe(a.eds);
    expect(c.eds[3]).toBe('coin');
    expect(a.eds[3]).toBe('promo');
    expect(stateOf({ edition: 'coin', mix: {} }).eds).toBe(c.eds);
  });
});
