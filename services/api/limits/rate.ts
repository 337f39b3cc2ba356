/**
 * The per-minute counts behind the rate limits (http.ts): a fixed window per key, as
 * @fastify/rate-limit's local store counted, but synchronous and without its per-request
 * machinery (two promise chains, an allow-list call, three x-ratelimit headers on every answer):
 * that plugin cost every move ~5% of its CPU over minimal mercurius (issue 33 item 5).
 * Memory is bounded: at most `maxKeys` keys.
 */
export class WindowCounts {
  /** Each key's window: hits so far and when it began. The map's order is by window start, oldest first. */
  private readonly windows = new Map<string, { hits: number; start: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /**
   * Counts one request of `key` at `now` (epoch ms): 0 when it is within the allowance, else the
   * whole seconds until its window ends. Past `maxKeys` the key whose window began first goes: the
   * nearest to its end, and a key is moved only when its window starts again, not on every hit.
   */
  hit(key: string, now: number): number {
    let w = this.windows.get(key);
    if (w === undefined || w.start + this.windowMs <= now) {
      if (w === undefined && this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      this.windows.delete(key); // set again: last in the map's order
      this.windows.set(key, (w = { hits: 0, start: now }));
    }
    w.hits++;
    return w.hits > this.max ? Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) : 0;
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.windows.size;
  }
}
