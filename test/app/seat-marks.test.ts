/**
 * Linked seats' marks (services/app/seat-marks.ts): keyed per game, so two games' marks differ;
 * one network per client, so an IPv6 client cannot hide behind the 2^64 addresses of its /64.
 */
import { describe, expect, it } from 'vitest';
import { clientNetwork, gameMarkKey, linked, marksUnder, sourceMarks } from '../../services/app/seat-marks.js';
import { storedHash } from '../../services/app/stored-hash.js';

describe('seat marks', () => {
  it('an IPv6 address stands for its /64, however written; IPv4 and IPv4-mapped for themselves', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(clientNetwork('10.0.0.7')).toBe('10.0.0.7');
    expect(clientNetwork('not an address')).toBe('not an address');
  });

  it('two seats of one /64 are linked; of two /64s, or in two games, their marks differ', () => {
    const key = gameMarkKey('g1');
    const a = marksUnder(key, { address: '2001:db8:1:2::a' });
    const b = marksUnder(key, { address: '2001:db8:1:2::b' });
    const c = marksUnder(key, { address: '2001:db8:1:3::a' });
    expect(linked([a, b])).toBe(true);
    expect(linked([a, c])).toBe(false);
    expect(marksUnder(gameMarkKey('g2'), { address: '2001:db8:1:2::a' })).not.toEqual(a);
    expect(linked([marksUnder(key, { device: 'page:x' }), marksUnder(key, { address: '10.0.0.1', device: 'page:x' })])).toBe(true);
    expect(linked([undefined, marksUnder(key, { address: '10.0.0.1' })])).toBe(false);
    expect(JSON.stringify(a)).not.toContain('2001');
  });

  it('a request’s marks are keyed by the deployment secret too: not what anyone can recompute from the game’s id, and the same in every process of one secret', async () => {
    const key = gameMarkKey('g1');
    const ours = storedHash('one deployment');
    const a = await sourceMarks(ours, key, { address: '10.0.0.1', device: 'page:x' });
    // The game's id is public: a mark keyed by it alone is its address's to whoever tries all 2^32.
    expect(a!.address).not.toBe(marksUnder(key, { address: '10.0.0.1' })!.address);
    expect(a!.device).not.toBe(marksUnder(key, { device: 'page:x' })!.device);
    expect(await sourceMarks(storedHash('one deployment'), key, { address: '10.0.0.1', device: 'page:x' })).toEqual(a);
    expect((await sourceMarks(storedHash('another'), key, { address: '10.0.0.1' }))!.address).not.toBe(a!.address);
    // Still one network per client, per game, and linked within it.
    expect(linked([a, await sourceMarks(ours, key, { address: '10.0.0.1' })])).toBe(true);
    expect(linked([await sourceMarks(ours, key, { address: '2001:db8:1:2::a' }), await sourceMarks(ours, key, { address: '2001:db8:1:2::b' })])).toBe(true);
    expect((await sourceMarks(ours, gameMarkKey('g2'), { address: '10.0.0.1' }))!.address).not.toBe(a!.address);
    expect(await sourceMarks(ours, key, {})).toBeUndefined();
  });
});
