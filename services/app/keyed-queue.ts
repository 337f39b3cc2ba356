/**
 * Work run one after another per key (a game, a tournament), keys in parallel, without holding up
 * whoever queued it: a failure is logged, never thrown at the caller. `idle` is for tests and shutdown.
 */
export class KeyedQueue {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly log: { error(details: object, message: string): void }) {}

  /** Runs `work` after the key's earlier work; `what` names it in the log should it fail. Resolves when it has run. */
  push(key: string, work: () => Promise<void>, what: (e: unknown) => [object, string]): Promise<void> {
    const run = (this.queues.get(key) ?? Promise.resolve())
      .then(work)
      .catch((e: unknown) => this.log.error(...what(e)))
      .finally(() => {
        if (this.queues.get(key) === run) this.queues.delete(key);
      });
    this.queues.set(key, run);
    return run;
  }

  get busy(): boolean {
    return this.queues.size > 0;
  }

  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }
}
