/**
 * A read's answer kept for a few seconds, so the lobby (every shard of every game type: 64 queries,
 * polled by every open lobby page) is read at most once per key and window in a process, however
 * many pages ask; asks while a read is under way share it. Bounded: at most `capacity` keys, the
 * oldest forgotten first. `forget` drops everything: the owner calls it once its own write is done,
 * so the writer's next read is fresh (a read under way is dropped too, not kept when it lands).
 */
export class RecentReads<T> {
  private readonly kept = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(
    /** How long an answer is served, in ms (0: never kept). */
    private readonly ms: number,
    /** A monotonic clock in ms (tests move their own). */
    private readonly now: () => number = () => performance.now(),
    private readonly capacity = 64,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  read(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.kept.get(key);
    if (hit && now - hit.at < this.ms) return hit.answer;
    if (this.ms <= 0) return read();
    const entry = { at: now, answer: read() };
    this.kept.delete(key); // to the end of the order: the oldest key goes first when full
    this.kept.set(key, entry);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    // A failed read is not kept: the next ask tries again.
    entry.answer.catch(() => this.kept.get(key) === entry && this.kept.delete(key));
    return entry.answer;
  }

  forget(): void {
    this.kept.clear();
  }
}
