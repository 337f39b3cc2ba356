/**
 * Webhook attempts in flight, one lane per receiver: a receiver has at most one attempt at a
 * time, and receivers never wait on each other, so one that is always slow slows only its own
 * deliveries. All lanes together hold at most `max` attempts (sockets).
 */
export class ReceiverLanes {
  private readonly busy = new Map<string, Promise<void>>();
  private readonly deliveries = new Set<string>();

  constructor(private readonly max: number) {}

  /** Whether an attempt for `delivery` may start in `lane` now. */
  free(lane: string, delivery: string): boolean {
    return !this.busy.has(lane) && !this.deliveries.has(delivery) && this.busy.size < this.max;
  }

  /** Whether an attempt for `delivery` is in flight. */
  carries(delivery: string): boolean {
    return this.deliveries.has(delivery);
  }

  /** Runs `attempt` in `lane` (which must be free); `settled` is called once it is over and the lane free. */
  run(lane: string, delivery: string, attempt: () => Promise<void>, settled: () => void): void {
    this.deliveries.add(delivery);
    const done = attempt().finally(() => {
      this.busy.delete(lane);
      this.deliveries.delete(delivery);
      settled();
    });
    this.busy.set(lane, done);
  }

  /** Attempts in flight. */
  get inFlight(): number {
    return this.busy.size;
  }

  /** Resolves when any attempt in flight settles (at once when none is). */
  async anySettled(): Promise<void> {
    if (this.busy.size) await Promise.race(this.busy.values());
  }

  /** Resolves when every attempt started so far has settled. */
  async idle(): Promise<void> {
    while (this.busy.size) await Promise.all(this.busy.values());
  }
}
