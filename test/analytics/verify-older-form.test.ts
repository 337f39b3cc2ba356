/**
 * Records stored before Seledyne's RoundsRolled (rounds that played themselves, one event) still
 * verify: the fixture is a finished 2-seat game's record written by 0500bb6's engine, round by
 * round (made from a `git archive` of 0500bb6 with services/analytics botGame + gameRecord, one
 * stage). The engine now decides those runs as RoundsRolled; the verifier compares both in the
 * older form (Game.expand), and the table counts a RoundsRolled as the events it stands for, so
 * every later commit draws the same dice. A changed die in such a run is still caught.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../services/analytics/record.js';
import { verifyRecord } from '../../services/analytics/verify.js';
import { replayedCommand, table, type TableState } from '../../services/engine/core/index.js';
import { seledyne } from '../../services/engine/games/seledyne/index.js';

const record = (): GameRecord => JSON.parse(readFileSync(new URL('./fixtures/seledyne-2-seats-0500bb6.json', import.meta.url), 'utf8'));
type Event = { type: string; dice?: number[] };

describe('a Seledyne record written round by round (0500bb6)', () => {
  it('verifies, though the engine now decides its runs of automatic rounds as RoundsRolled', () => {
    const r = record();
    const stored = r.commits.flatMap((c) => c.events as Event[]);
    expect(stored.some((e) => e.type === 'RoundsRolled')).toBe(false);
    // the replay does compact: without the older-form comparison the record would not verify
    const t = table(seledyne);
    let s: TableState | null = null;
    let compact = 0;
    for (const c of r.commits) {
      const events = t.decide(s, replayedCommand(c.command!, r.seed));
      compact += events.filter((e) => e.type === 'RoundsRolled').length;
      s = t.fold(events, s);
    }
    expect(compact).toBeGreaterThan(0);
    expect(verifyRecord(r)).toEqual({ ok: true, versions: r.commits.length });
  });

  it('a die changed inside a run of automatic rounds fails at its version', () => {
    const r = record();
    // the last commit's roll among runs the engine now compacts: a commit holding several rounds
    const at = r.commits.findLastIndex((c) => (c.events as Event[]).filter((e) => e.type === 'Rolled').length > 1);
    expect(at).toBeGreaterThan(0);
    const rolled = (r.commits[at]!.events as Event[]).filter((e) => e.type === 'Rolled')[1]!;
    rolled.dice![0] = rolled.dice![0] === 1 ? 2 : 1;
    expect(verifyRecord(r)).toMatchObject({ ok: false, version: at + 1 });
  });
});
