/**
 * Each round's start seat, as the game's rules define it, read from the events that decide it:
 * the first player of a game is the start seat of its first round (never "whoever committed
 * first", which in SCOUT's simultaneous rotation is a random seat). One reader per game, keyed by
 * the game's id; a test checks every registered game has one.
 * - SCOUT: `RoundDealt.startPlayer` (round 1 random or option `startSeat`; then the seat to the left);
 * - Silver: `RoundDealt.start` (round 1 random or `firstStartPlayer`; then the token holder);
 * - Sea Salt & Paper: `RoundStarted.starter` (round 1 random; then per the round's end);
 * - Seledyne: the start-marker holder of every round: `StageStarted.startSeat` opens a stage,
 *   `RoundEnded.startSeat` names the next round's (rounds of all stages, in order); a
 *   `RoundsRolled` (rounds that played themselves) names each of its rounds'.
 */
type Event = { type: string };
type Fields = Event & { startPlayer?: number; start?: number; starter?: number; startSeat?: number; dice?: unknown[][] };

/** Seledyne's `RoundsRolled`: its rounds' start seats, one seat on from the first each round. */
const rolledStarts = (e: Fields) => e.dice!.map((row, r) => (e.startSeat! + r) % row.length);

export const START_SEAT_OF: Record<string, (e: Fields) => number | number[] | null> = {
  scout: (e) => (e.type === 'RoundDealt' ? e.startPlayer! : null),
  silver: (e) => (e.type === 'RoundDealt' ? e.start! : null),
  'sea-salt-and-paper': (e) => (e.type === 'RoundStarted' ? e.starter! : null),
  seledyne: (e) => (e.type === 'StageStarted' || e.type === 'RoundEnded' ? e.startSeat! : e.type === 'RoundsRolled' ? rolledStarts(e) : null),
};

/**
 * The event types each game's reader reads (it returns null for every other): a reader that
 * scans every event of a game as it is played (the lab's compact record) compares the type it
 * has already read with these before calling the reader, rather than having the reader read it again.
 */
export const START_SEAT_TYPES: Record<string, readonly string[]> = {
  scout: ['RoundDealt'],
  silver: ['RoundDealt'],
  'sea-salt-and-paper': ['RoundStarted'],
  seledyne: ['StageStarted', 'RoundEnded', 'RoundsRolled'],
};

/** The start seat of each round the game played, in order (empty for a game of unknown type, or one called off before its deal). */
export function startSeatsOf(type: string, events: Iterable<Event>): number[] {
  const of = START_SEAT_OF[type];
  if (!of) return [];
  const seats: number[] = [];
  for (const e of events) {
    const s = of(e as Fields);
    if (Array.isArray(s)) seats.push(...s);
    else if (s !== null && s !== undefined) seats.push(s);
  }
  return seats;
}
