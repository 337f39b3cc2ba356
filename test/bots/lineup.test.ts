import { describe, expect, it } from 'vitest';
import { LineupError, parseLineup } from '../../services/bots/lineup.js';

describe('a line-up names one bot per seat', () => {
  it('a shorter line-up repeats its last entry', () => {
    expect(parseLineup('search:2,greedy', 4)).toEqual(['search:2', 'greedy', 'greedy', 'greedy']);
    expect(parseLineup('greedy', 2)).toEqual(['greedy', 'greedy']);
  });

  it('an external command keeps its spaces and commas', () => {
    expect(parseLineup('external:node bot.mjs --weights 1,2,greedy', 2)).toEqual(['external:node bot.mjs --weights 1,2', 'greedy']);
  });

  it('refuses an unknown kind, a level the kind does not have, too many bots and an empty command', () => {
    expect(() => parseLineup('greedy,clever', 2)).toThrow(/unknown bot "clever": one of random, greedy/);
    expect(() => parseLineup('random:4', 2)).toThrow(LineupError);
    expect(() => parseLineup('random,random,random', 2)).toThrow(/3 bots for 2 seats/);
    expect(() => parseLineup('external:', 2)).toThrow(/needs a command/);
  });
});
