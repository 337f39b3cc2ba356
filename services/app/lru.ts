/**
 * A bounded map that forgets the least recently used entries (Map keeps insertion order):
 * at most `capacity` entries and, with `sizeOf`, at most `maxBytes` bytes by its estimate.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, { value: V; size: number }>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    /** `sizeOf` gets the key's previous estimate, so a caller may re-measure only now and then. */
    private readonly budget: { maxBytes: number; sizeOf: (value: V, previous: number | undefined) => number } | null = null,
  ) {}

  /** The estimated bytes held (0 without `sizeOf`). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (entry !== undefined) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry?.value;
  }

  set(key: K, value: V): void {
    if (this.capacity <= 0) return;
    const previous = this.map.get(key)?.size;
    this.delete(key);
    const size = this.budget ? this.budget.sizeOf(value, previous) : 0;
    if (this.budget && size > this.budget.maxBytes) return; // larger than the whole cache: not kept
    this.map.set(key, { value, size });
    this.total += size;
    while (this.map.size > this.capacity || (this.budget && this.total > this.budget.maxBytes)) this.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.total -= entry.size;
  }
}
