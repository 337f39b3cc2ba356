/**
 * Who may act on which card: Bodyguard (§4.1 #3), Prince (§4.5), amulet token (§5.1), and the
 * face-up powers that are switched on. Pure predicates over the state.
 */
import { defOf, powerOn, type State } from './state.js';
import type { Passive } from './cards.js';

/** The card's face-up power is on: it is face-up in a village, its power known/enabled, not taken from the pile (option). */
export function fuActive(s: State, id: number): boolean {
  if (!s.up[id] || s.dead.includes(id)) return false;
  const d = defOf(s, id);
  return (d.timing === 'FU' || d.timing === 'MAT') && powerOn(s, d);
}

export function hasPassive(s: State, id: number, key: keyof Passive): boolean {
  const p = defOf(s, id).passive;
  return !!p?.[key] && (key === 'wild' ? powerOn(s, defOf(s, id)) : fuActive(s, id));
}

export const ownerOf = (s: State, id: number) => s.villages.findIndex((r) => r.includes(id));

/** Face-up, switched-on cards of a village with this passive. */
export const countPassive = (s: State, seat: number, key: keyof Passive) => s.villages[seat]!.filter((id) => hasPassive(s, id, key)).length;

export function guarded(s: State, owner: number, id: number): boolean {
  const row = s.villages[owner]!;
  if (hasPassive(s, id, 'guard')) return true;
  return s.guards.some((g) => g.card === id && row.includes(g.bg) && hasPassive(s, g.bg, 'guard'));
}

/**
 * May `actor` look at ('view') or change ('modify') the card at `owner`'s position `p`?
 * `ownPrince`: whether the owner's own Prince binds the owner (the Looter ignores it).
 */
export function blocked(s: State, actor: number, owner: number, p: number, kind: 'view' | 'modify', ownPrince = s.o.princeBindsOwner): boolean {
  const id = s.villages[owner]![p]!;
  if (s.amulet === id && (kind === 'view' || actor !== owner || s.o.amuletBindsOwner)) return true;
  if (actor !== owner) {
    if (guarded(s, owner, id)) return true;
    if (kind === 'modify' && princeProtects(s, actor, owner, p)) return true;
    return false;
  }
  return kind === 'modify' && ownPrince && s.up[id]! && countPassive(s, owner, 'prince') > 0;
}

/** Another player's face-up Prince protects the face-up card at `owner`'s position `p` from `actor`. */
export const princeProtects = (s: State, actor: number, owner: number, p: number) => actor !== owner && s.up[s.villages[owner]![p]!]! && countPassive(s, owner, 'prince') > 0;

export const isZombie = (s: State, id: number) => !!defOf(s, id).passive?.zombie && powerOn(s, defOf(s, id));
