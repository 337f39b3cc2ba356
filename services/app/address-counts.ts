/**
 * The counts that guard fair competition (registrations, creations, joins, device-link tries per
 * client address), kept where every process sees them: the store's counter items
 * (store/address-counts.ts) on AWS, where each Lambda instance counting for itself let an
 * address through once per warm instance. The api asks here, never the store itself.
 *
 * - An address counts by its network (an IPv6 client by its /64: seat-marks.ts clientNetwork),
 *   and the store sees only a keyed hash of the kind and the network (stored-hash.ts), never the
 *   address nor a hash anyone could recompute without the deployment's secret.
 * - A refusal is remembered by this process until its window ends: an address hammering a door
 *   it is refused at costs the table no more writes from this instance.
 */
import type { AddressCountStore } from '../store/address-counts.js';
import { clientNetwork } from './seat-marks.js';
import type { StoredHash } from './stored-hash.js';

/** Refusals remembered at most (the oldest go first). */
const REMEMBERED = 10_000;

export class AddressCounts {
  private readonly refusedUntil = new Map<string, number>();

  /** `hash`: the deployment's keyed hash (the same secret in every process, so every instance meets on one count). */
  constructor(
    private readonly store: AddressCountStore,
    private readonly hash: StoredHash,
  ) {}

  /** The key a count of `kind` for `address` is stored under: a keyed hash, the same in every process of the deployment. */
  key(kind: string, address: string): Promise<string> {
    return this.hash(`limit|${kind}`, clientNetwork(address));
  }

  /** Counts one request of `kind` from `address` at `now` (epoch ms): 0 when within `max` a window of `windowMs`, else whole seconds to wait. */
  async hit(kind: string, address: string, max: number, windowMs: number, now: number): Promise<number> {
    const key = await this.key(kind, address);
    const until = this.refusedUntil.get(key);
    if (until !== undefined) {
      if (until > now) return Math.ceil((until - now) / 1000);
      this.refusedUntil.delete(key);
    }
    const wait = await this.store.hit(key, max, windowMs, now);
    if (wait > 0) {
      if (this.refusedUntil.size >= REMEMBERED) this.refusedUntil.delete(this.refusedUntil.keys().next().value!);
      this.refusedUntil.set(key, now + wait * 1000);
    }
    return wait;
  }
}
