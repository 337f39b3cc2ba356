/**
 * Who may act on which card: Bodyguard (§4.1 #3), Prince (§4.5), amulet token (§5.1), and the
 * face-up powers that are switched on. Pure predicates over the state.
 */
import { defOf, defsOf, powerOn, type State } from './state.js';
import type { CardDef, Passive } from './cards.js';

/** The card's face-up power is on: it is face-up in a village, its power known/enabled, not taken from the pile (option). */
export function fuActive(s: State, id: number): boolean {
  if (!s.up[id] || (s.dead.length > 0 && s.dead.includes(id))) return false;
  const d = defOf(s, id);
  return (d.timing === 'FU' || d.timing === 'MAT') && powerOn(s, d);
}

export function hasPassive(s: State, id: number, key: keyof Passive): boolean {
  const d = defOf(s, id);
  return !!d.passive?.[key] && passiveWorks(s, id, key);
}

/** hasPassive for a card known to carry the passive (one of `withPassive`'s ids): its definition is not asked again. */
const passiveWorks = (s: State, id: number, key: keyof Passive) => (key === 'wild' ? powerOn(s, defOf(s, id)) : fuActive(s, id));

export const ownerOf = (s: State, id: number) => s.villages.findIndex((r) => r.includes(id));

/** Per deck, the card ids whose definition has each passive: few or none, so counts look at those only. */
type PassiveIds = Record<keyof Passive, number[]>;
const PASSIVE_IDS = new WeakMap<readonly CardDef[], PassiveIds>();
let lastDefs: readonly CardDef[] | null = null;
let lastIds: PassiveIds | null = null;

const idsWith = (defs: readonly CardDef[], key: keyof Passive) => defs.flatMap((d, id) => (d.passive?.[key] ? [id] : []));

/** Every passive's ids at once, in one literal (one shape for every deck: asked after every move). */
const passiveIds = (defs: readonly CardDef[]): PassiveIds => ({
  villagerEnd: idsWith(defs, 'villagerEnd'),
  display: idsWith(defs, 'display'),
  guard: idsWith(defs, 'guard'),
  extraDraw: idsWith(defs, 'extraDraw'),
  prince: idsWith(defs, 'prince'),
  wild: idsWith(defs, 'wild'),
  plusOne: idsWith(defs, 'plusOne'),
  zombie: idsWith(defs, 'zombie'),
});

export function withPassive(s: State, key: keyof Passive): readonly number[] {
  const defs = defsOf(s);
  if (defs !== lastDefs || lastIds === null) {
    let ids = PASSIVE_IDS.get(defs);
    if (!ids) PASSIVE_IDS.set(defs, (ids = passiveIds(defs)));
    lastDefs = defs;
    lastIds = ids;
  }
  return lastIds[key];
}

/**
 * Face-up, switched-on cards of a village with this passive. Every passive but `wild` works only
 * face-up, so a face-down card is passed over before its definition is looked up (asked after
 * every move: the display, the Villagers, the Lycans, the Prince).
 */
export function countPassive(s: State, seat: number, key: keyof Passive): number {
  let n = 0;
  const row = s.villages[seat]!;
  const ids = withPassive(s, key);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if ((key === 'wild' || s.up[id]) && passiveWorks(s, id, key) && row.includes(id)) n++;
  }
  return n;
}

/** Face-up, switched-on cards with this passive in all villages. */
export function countPassiveAll(s: State, key: keyof Passive): number {
  let n = 0;
  const ids = withPassive(s, key);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if ((key === 'wild' || s.up[id]) && passiveWorks(s, id, key) && inAVillage(s, id)) n++;
  }
  return n;
}

function inAVillage(s: State, id: number): boolean {
  for (let i = 0; i < s.villages.length; i++) if (s.villages[i]!.includes(id)) return true;
  return false;
}

/** The deck has a Bodyguard: without one no card is ever guarded. */
export const hasGuards = (s: State) => withPassive(s, 'guard').length > 0;

export function guarded(s: State, owner: number, id: number): boolean {
  if (!hasGuards(s)) return false;
  // A Bodyguard guards only face-up (its definition is looked up only then): asked for every
  // other seat's card a power could target, at every step of a playout's powers.
  if (s.up[id] && hasPassive(s, id, 'guard')) return true;
  for (let i = 0; i < s.guards.length; i++) {
    const g = s.guards[i]!;
    if (g.card === id && s.villages[owner]!.includes(g.bg) && hasPassive(s, g.bg, 'guard')) return true;
  }
  return false;
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

export function isZombie(s: State, id: number): boolean {
  const d = defOf(s, id);
  return !!d.passive?.zombie && powerOn(s, d);
}
