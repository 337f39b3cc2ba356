/**
 * A budget of GraphQL cost per client address per second (`costPerSecond`, up to `costBurst`
 * saved): the per-request cost limit bounds one answer, the in-flight cap bounds how many run side
 * by side, but a client that sends the largest allowed read again as soon as each answer comes
 * back still took most of the CPU (5-alias catalog reads, 4 in flight: another client's p50 from
 * 3 to 334 ms). Each operation's cost (documents.ts) is taken from its client's bucket before it
 * runs; an empty bucket refuses it with HTTP 429 `RATE_LIMITED` and `Retry-After` (whole seconds
 * until the bucket holds it again). A refused request costs nothing. Time is the server's clock.
 */
export class CostBudget {
  /** Each client's bucket: what it held at `at`. Only clients below a full bucket are kept. */
  private readonly buckets = new Map<string, { held: number; at: number }>();
  private readonly burst: number;

  constructor(
    private readonly perSecond: number,
    burst: number,
    private readonly now: () => number,
    /** At most this many clients remembered; past it the fullest go first (a full bucket is no entry at all). */
    private readonly maxClients = 10_000,
  ) {
    this.burst = burst;
  }

  /** Takes `cost` from `client`'s bucket: 0 when it could, else the milliseconds until it can. */
  take(client: string, cost: number): number {
    const now = this.now();
    const held = this.held(client, now);
    if (held < cost) return Math.ceil(((cost - held) / this.perSecond) * 1000);
    this.buckets.delete(client); // re-inserted last: the map's order is then oldest use first
    this.buckets.set(client, { held: held - cost, at: now });
    if (this.buckets.size > this.maxClients) this.forget(now);
    return 0;
  }

  private held(client: string, now: number): number {
    const b = this.buckets.get(client);
    return b ? Math.min(this.burst, b.held + (Math.max(0, now - b.at) * this.perSecond) / 1000) : this.burst;
  }

  /** Drops the buckets that have filled up again, then, if still too many, the least recently used. */
  private forget(now: number): void {
    for (const client of this.buckets.keys()) if (this.held(client, now) >= this.burst) this.buckets.delete(client);
    for (const client of this.buckets.keys()) {
      if (this.buckets.size <= this.maxClients) break;
      this.buckets.delete(client);
    }
  }
}
