/**
 * view and redact: each depends only on what the viewer may know (§6).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import type { Viewer } from '../../core/index.js';
import { HOUSES, type Card, type HouseId } from './cards.js';
import type { SeledyneEvent, StageScore } from './events.js';
import { status } from './legal.js';
import { sumRuleActive } from './rules.js';
import { knownInHand, type Choice, type Player, type State, type Turn } from './state.js';

export interface SeledyneView {
  /** The viewing seat; null for a spectator. */
  seat: number | null;
  stage: number;
  stages: number;
  round: number;
  phase: string;
  toMove: number[];
  startSeat: number;
  lastRound: boolean;
  triggerSeat: number | null;
  nonGiftStreak: number;
  players: {
    seat: number;
    house: string;
    houseName: { en: string; fa: string };
    handCount: number;
    reserveCount: number;
    hand: Card[] | null;
    reserve: Card[] | null;
    counter: Card[];
    die: number;
    total: number;
    stageScores: number[];
    unplayed: number[] | null;
    knownInHand: Card[];
    mustChoose: boolean;
    hasChosen: boolean;
    choice: { draw: boolean; card: Card | null } | null;
  }[];
  istham: { card: Card; owner: number; tributedBy: number; stage: number; round: number }[];
  turn: {
    seat: number;
    step: string;
    selection: Card[];
    tributed: number;
    boost: boolean;
    effectiveDie: number;
    drawsLeft: number;
    exchanges: number;
    giftedTo: number[];
    sumActive: boolean | null;
    sumShown: boolean;
  } | null;
  stageResults: { stage: number; reason: string; scores: StageScore[] }[];
  winners: number[] | null;
}

/** Each house's names as the view shows them: one frozen object per house, shared by every view. */
const HOUSE_NAMES = Object.fromEntries(HOUSES.map((h) => [h.id, Object.freeze({ en: h.en, fa: h.fa })])) as Record<HouseId, { en: string; fa: string }>;

/** The seat owning each house of this game. */
function ownerOf(s: State, house: HouseId): number {
  for (let i = 0; i < s.players.length; i++) if (s.players[i]!.house === house) return i;
  return -1;
}

/**
 * The values of a player's hand and reserve, ascending (an insertion sort: ten cards at most). The
 * last answer per seat is kept with the two lists it came from: they change only when cards move,
 * while a view is built for every move a bot reads (every seat's, when `exposeDerivedUnplayed`).
 */
const unplayedFrom: { hand: Card[]; reserve: Card[]; values: number[] }[] = [];
function unplayed(p: Player, seat: number): number[] {
  const known = unplayedFrom[seat];
  if (known && known.hand === p.hand && known.reserve === p.reserve) return known.values;
  const out: number[] = [];
  insertValues(out, p.hand);
  insertValues(out, p.reserve);
  unplayedFrom[seat] = { hand: p.hand, reserve: p.reserve, values: out };
  return out;
}

function insertValues(out: number[], cards: readonly Card[]): void {
  for (const c of cards) {
    let i = out.length;
    for (; i > 0 && out[i - 1]! > c.value; i--) out[i] = out[i - 1]!;
    out[i] = c.value;
  }
}

type IsthamView = SeledyneView['istham'];

/**
 * Isthām as views show it, for the Isthām list asked last. It changes only with a tribute, while a
 * view is built for every move a bot reads (a search's playouts read thousands): the same list,
 * with the same seats' houses, gives the same entries. Shared like the view's other lists (counters,
 * stage results), which are the state's own.
 */
let isthamFrom: State['istham'] | null = null;
let isthamPlayers: State['players'] | null = null;
let isthamShown: IsthamView = [];
function isthamView(s: State): IsthamView {
  if (s.istham !== isthamFrom || !sameHouses(s.players, isthamPlayers!)) {
    isthamShown = s.istham.map((e) => ({ card: e.card, owner: ownerOf(s, e.card.house), tributedBy: e.tributedBy, stage: e.stage, round: e.round }));
    isthamFrom = s.istham;
    isthamPlayers = s.players;
  }
  return isthamShown;
}

function sameHouses(a: State['players'], b: State['players']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.house !== b[i]!.house) return false;
  return true;
}

type PlayerView = SeledyneView['players'][number];

/**
 * A seat's entry is a function of its player object (never changed in place), the seat, whether
 * the viewer is that seat, one option, and in a simultaneous choice whether the seat must still
 * choose and what it chose: the last entries made are kept per seat (as the seat sees itself,
 * as others see it, and as others see it while it must choose or once it chose, with the seat's
 * own choice) and given again while the player object is the same. A move changes one or two
 * players, while a view is built for every move a bot reads (a search's playouts read thousands),
 * so most entries are found here. Shared like the view's other lists (counters, Isthām, stage
 * results): read, never changed. Not frozen: Object.freeze per entry made was 2.4% of a 6-seat
 * playout's CPU (a profile of bench/playouts.ts). Instead test/games/seledyne/view-readers.test.ts
 * freezes every view the in-process readers (greedy, random and search bots, sampled worlds,
 * playouts) are given and plays games with them: a reader that wrote to one would throw there.
 */
interface Kept {
  p: Player;
  exposed: boolean;
  own: PlayerView | null;
  other: PlayerView | null;
  ownMust: PlayerView | null;
  otherMust: PlayerView | null;
  otherChosen: PlayerView | null;
  /** The seat's own entry once it chose, and the choice it shows. */
  ownChosen: PlayerView | null;
  ownChoice: Choice | null;
}
const shownFrom: (Kept | undefined)[] = [];

function playerView(s: State, p: Player, seat: number, own: boolean, must = false, pending: Choice | null = null): PlayerView {
  const exposed = s.options.exposeDerivedUnplayed;
  let kept = shownFrom[seat];
  if (!kept || kept.p !== p || kept.exposed !== exposed)
    kept = shownFrom[seat] = { p, exposed, own: null, other: null, ownMust: null, otherMust: null, otherChosen: null, ownChosen: null, ownChoice: null };
  // no closure for the entry made: tsx names each closure made per call (esbuild's keepNames), a property write each time
  if (must) return own ? (kept.ownMust ??= playerEntry(p, seat, own, exposed, must, pending)) : (kept.otherMust ??= playerEntry(p, seat, own, exposed, must, pending));
  if (pending === null) return own ? (kept.own ??= playerEntry(p, seat, own, exposed, must, pending)) : (kept.other ??= playerEntry(p, seat, own, exposed, must, pending));
  if (!own) return (kept.otherChosen ??= playerEntry(p, seat, own, exposed, must, pending));
  if (kept.ownChoice !== pending) {
    kept.ownChosen = playerEntry(p, seat, own, exposed, must, pending);
    kept.ownChoice = pending;
  }
  return kept.ownChosen!;
}



function playerEntry(p: Player, seat: number, own: boolean, exposed: boolean, mustChoose: boolean, pending: State['pending'][number]): PlayerView {
  return {
    seat,
    house: p.house,
    houseName: HOUSE_NAMES[p.house],
    handCount: p.hand.length,
    reserveCount: p.reserve.length,
    hand: own ? p.hand : null,
    reserve: own ? p.reserve : null,
    counter: p.counter,
    die: p.die,
    total: p.total,
    stageScores: p.stageScores,
    unplayed: own || exposed ? unplayed(p, seat) : null,
    knownInHand: knownInHand(p),
    mustChoose,
    hasChosen: pending !== null,
    choice: own && pending ? { draw: pending.draw, card: pending.card } : null,
  };
}

/**
 * The entries of every seat outside a simultaneous choice, as one list per viewer, kept while the
 * state's player list is the same (a turn's tributes and steps, and a turn's end, keep it): the
 * list is shared like its entries.
 */
const entriesFrom: ({ players: Player[]; exposed: boolean; list: PlayerView[] } | undefined)[] = [];
function playerEntries(s: State, viewer: Viewer): PlayerView[] {
  const slot = viewer === null ? s.players.length : viewer;
  const kept = entriesFrom[slot];
  if (kept && kept.players === s.players && kept.exposed === s.options.exposeDerivedUnplayed) return kept.list;
  const list: PlayerView[] = [];
  for (let seat = 0; seat < s.players.length; seat++) list.push(playerView(s, s.players[seat]!, seat, seat === viewer));
  entriesFrom[slot] = { players: s.players, exposed: s.options.exposeDerivedUnplayed, list };
  return list;
}

/** A simultaneous choice: who must still choose and what the viewer chose. */
function choosingEntries(s: State, viewer: Viewer): PlayerView[] {
  const list: PlayerView[] = [];
  for (let seat = 0; seat < s.players.length; seat++) {
    const pending = s.pending[seat]!;
    list.push(playerView(s, s.players[seat]!, seat, seat === viewer, s.eligible[seat]! && pending === null, pending));
  }
  return list;
}

export function view(s: State, viewer: Viewer): SeledyneView {
  const o = s.options;
  const choosing = s.phase === 'draw' || s.phase === 'six';
  const t = s.turn;
  const st = status(s);
  return {
    seat: viewer,
    stage: s.stage,
    stages: o.stages,
    round: s.round,
    phase: st.phase,
    toMove: st.toMove,
    startSeat: s.startSeat,
    lastRound: s.lastRound,
    triggerSeat: s.triggerSeat,
    nonGiftStreak: s.nonGiftStreak,
    players: choosing ? choosingEntries(s, viewer) : playerEntries(s, viewer),
    istham: isthamView(s),
    turn: t && {
      seat: t.seat,
      step: t.step,
      selection: t.selection,
      tributed: t.tributed,
      boost: t.boost,
      effectiveDie: t.effective,
      drawsLeft: t.drawsLeft,
      exchanges: t.exchanges,
      giftedTo: t.targets,
      sumActive: viewer === t.seat ? sumRuleActive(s, t) : null,
      sumShown: t.sumShown ?? false,
    },
    stageResults: s.results,
    winners: s.winners,
  };
}

/**
 * What Seledyne's greedy bot reads of a view (services/bots/greedy/seledyne.ts): each seat's die
 * and counter, the viewer's own hand and reserve, and the turn's step, selection, effective die
 * and targets. A search's playouts build this at every move instead of the whole view (a tenth of
 * a 6-seat playout's CPU went to the view's player entries, Isthām and status); typed so the bot
 * can read no other field. The full view is one too, with the same values in these fields.
 */
export interface SeledynePlayoutView {
  players: readonly Pick<PlayerView, 'seat' | 'die' | 'counter' | 'hand' | 'reserve'>[];
  turn: Pick<NonNullable<SeledyneView['turn']>, 'step' | 'selection' | 'effectiveDie' | 'giftedTo'> | null;
}
type PlayoutPlayer = SeledynePlayoutView['players'][number];

/**
 * A seat's playout entries (as the seat sees itself, as others see it), kept while its player
 * object is the same (see `playerView`): the viewer changes every turn, the players less often.
 */
const playoutFrom: ({ p: Player; own: PlayoutPlayer | null; other: PlayoutPlayer | null } | undefined)[] = [];
function playoutPlayer(p: Player, seat: number, own: boolean): PlayoutPlayer {
  let kept = playoutFrom[seat];
  if (!kept || kept.p !== p) kept = playoutFrom[seat] = { p, own: null, other: null };
  return own ? (kept.own ??= playoutEntry(p, seat, true)) : (kept.other ??= playoutEntry(p, seat, false));
}

function playoutEntry(p: Player, seat: number, own: boolean): PlayoutPlayer {
  return { seat, die: p.die, counter: p.counter, hand: own ? p.hand : null, reserve: own ? p.reserve : null };
}

/** The players' playout entries per viewer, for the player list each viewer asked of last. */
const playoutLists: ({ players: State['players']; list: PlayoutPlayer[] } | undefined)[] = [];

export function playoutView(s: State, viewer: Viewer): SeledynePlayoutView {
  const slot = viewer === null ? s.players.length : viewer;
  let kept = playoutLists[slot];
  if (!kept || kept.players !== s.players) {
    const list: PlayoutPlayer[] = [];
    for (let seat = 0; seat < s.players.length; seat++) list.push(playoutPlayer(s.players[seat]!, seat, seat === viewer));
    kept = playoutLists[slot] = { players: s.players, list };
  }
  const playoutList = kept.list;
  const turn = playoutTurn(s.turn);
  if (playoutShown === null || playoutShown.players !== playoutList || playoutShown.turn !== turn) playoutShown = { players: playoutList, turn };
  return playoutShown;
}

/** The playout view given last: the same players' entries and turn give the same view (shared, read it, never change it). */
let playoutShown: SeledynePlayoutView | null = null;

/** The turn's playout part for the turn asked last (a turn object is never changed in place: the same one gives the same part). */
let playoutTurnFrom: Turn | null = null;
let playoutTurnShown: SeledynePlayoutView['turn'] = null;
function playoutTurn(t: Turn | null): SeledynePlayoutView['turn'] {
  if (t === null) return null;
  if (t !== playoutTurnFrom) {
    playoutTurnShown = { step: t.step, selection: t.selection, effectiveDie: t.effective, giftedTo: t.targets };
    playoutTurnFrom = t;
  }
  return playoutTurnShown;
}

const mine = (seat: number, viewer: Viewer) => seat === viewer;

export function redact(e: SeledyneEvent, viewer: Viewer): SeledyneEvent {
  switch (e.type) {
    case 'StageStarted':
      return { ...e, hands: e.hands.map((h, i) => (mine(i, viewer) ? h : null)), reserves: e.reserves.map((r, i) => (mine(i, viewer) ? r : null)) };
    case 'RoundDrawChosen':
      return mine(e.seat, viewer) ? e : { ...e, draw: null, card: null };
    case 'RoundDrawResolved':
      return { ...e, draws: e.draws.map((d) => (mine(d.seat, viewer) ? d : { ...d, card: null })) };
    case 'SixRuleChosen':
      return mine(e.seat, viewer) ? e : { ...e, use: null, card: null };
    case 'SixRuleResolved':
      return { ...e, results: e.results.map((r) => (mine(r.seat, viewer) ? r : { ...r, card: null })) };
    case 'Exchanged':
      return mine(e.seat, viewer) ? e : { ...e, give: null, take: null };
    case 'SixMultipleDrawn':
      return mine(e.seat, viewer) ? e : { ...e, card: null };
    default:
      return e;
  }
}
