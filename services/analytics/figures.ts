/**
 * Each game's own figures, as SQL over the export (views `games` g and `events` e). Every query
 * returns rows (seats, figure, value), one value per seat count; `n` is the games of that count.
 * They read only finished games' events, so hidden facts in them are already public.
 */

/** Events of one game type joined to their game's seat count and the group's game count. */
const events = (type: string, where: string) => `
  FROM events e JOIN games g ON g.id = e.gameId
  JOIN (SELECT seats, count(*) AS n FROM games WHERE type = '${type}' GROUP BY seats) c ON c.seats = g.seats
  WHERE g.type = '${type}' AND ${where}`;

/** Per game: the sum of `expr` (default: one per event) over the events matching `where`. */
const perGame = (type: string, figure: string, where: string, expr = '1') =>
  `SELECT g.seats, '${figure}' AS figure, sum(${expr}) / any_value(c.n) AS value ${events(type, where)} GROUP BY g.seats`;

/** Share of `where` events whose `key` takes each value, named `prefix: value`. */
const shares = (type: string, prefix: string, where: string, key: string) =>
  `SELECT g.seats, '${prefix}: ' || (${key}) AS figure, count(*) / sum(count(*)) OVER (PARTITION BY g.seats) AS value
   ${events(type, where)} GROUP BY g.seats, ${key}`;

/** The mean of `expr` over `where` events. */
const mean = (type: string, figure: string, where: string, expr: string) =>
  `SELECT g.seats, '${figure}' AS figure, avg(${expr}) AS value ${events(type, where)} GROUP BY g.seats`;

/** A card power starting: its pending power at the first step with nothing selected yet. */
const SILVER_POWER_STARTS = `e.type = 'Pending' AND json_extract_string(e.event, '$.pending.kind') = 'power'
  AND json_extract_string(e.event, '$.pending.i') = '0' AND json_array_length(json_extract(e.event, '$.pending.selected')) = 0`;

export const FIGURES: Record<string, string[]> = {
  scout: [
    perGame('scout', 'Scout & Show per game', "e.type = 'ScoutShowStarted'"),
    shares('scout', 'round end', "e.type = 'RoundEnded'", "json_extract_string(e.event, '$.reason')"),
  ],
  'sea-salt-and-paper': [
    perGame('sea-salt-and-paper', 'STOP calls per game', "e.type = 'Called' AND json_extract_string(e.event, '$.call') = 'STOP'"),
    perGame('sea-salt-and-paper', 'LAST CHANCE calls per game', "e.type = 'Called' AND json_extract_string(e.event, '$.call') = 'LAST_CHANCE'"),
    mean(
      'sea-salt-and-paper',
      'STOP: caller scores best in the round',
      "e.type = 'RoundEnded' AND json_extract_string(e.event, '$.reason') = 'STOP'",
      "CASE WHEN list_extract((json_extract(e.event, '$.scores'))::DOUBLE[], (json_extract_string(e.event, '$.caller'))::INTEGER + 1) = list_max((json_extract(e.event, '$.scores'))::DOUBLE[]) THEN 1 ELSE 0 END",
    ),
    mean('sea-salt-and-paper', 'LAST CHANCE: bet won', "e.type = 'RoundEnded' AND json_extract_string(e.event, '$.reason') = 'LAST_CHANCE'", "CASE WHEN (json_extract_string(e.event, '$.betWon'))::BOOLEAN THEN 1 ELSE 0 END"),
    shares('sea-salt-and-paper', 'round end', "e.type = 'RoundEnded'", "json_extract_string(e.event, '$.reason')"),
  ],
  silver: [
    perGame('silver', 'calls per game', "e.type = 'RoundScored' AND json_extract_string(e.event, '$.caller') IS NOT NULL AND json_extract_string(e.event, '$.caller') <> 'null'"),
    mean('silver', 'call success', "e.type = 'RoundScored' AND (json_extract_string(e.event, '$.callSucceeded')) IN ('true', 'false')", "CASE WHEN (json_extract_string(e.event, '$.callSucceeded'))::BOOLEAN THEN 1 ELSE 0 END"),
    perGame('silver', 'powers used per game', SILVER_POWER_STARTS),
    `SELECT seats, figure, value FROM (
       SELECT g.seats, 'power used per game: card ' || json_extract_string(e.event, '$.pending.card') AS figure, count(*) / any_value(c.n) AS value,
              row_number() OVER (PARTITION BY g.seats ORDER BY count(*) DESC, json_extract_string(e.event, '$.pending.card')) AS rank
       ${events('silver', SILVER_POWER_STARTS)} GROUP BY g.seats, json_extract_string(e.event, '$.pending.card')
     ) WHERE rank <= 8`,
    shares('silver', 'round end', "e.type = 'RoundEnded'", "json_extract_string(e.event, '$.reason')"),
  ],
  seledyne: [
    perGame('seledyne', 'gifts per game', "e.type = 'Gifted'"),
    perGame('seledyne', 'tributes per game', "e.type = 'Tributed'"),
    mean('seledyne', 'tribute boosted', "e.type = 'Tributed'", "CASE WHEN (json_extract_string(e.event, '$.boost'))::BOOLEAN THEN 1 ELSE 0 END"),
    perGame('seledyne', 'Six Rule uses per game', "e.type = 'SixRuleResolved'", "len(list_filter((json_extract(e.event, '$.results'))::JSON[], r -> (json_extract_string(r, '$.use'))::BOOLEAN))"),
    mean('seledyne', 'stage score (mean per seat)', "e.type = 'StageEnded'", "list_avg(list_transform((json_extract(e.event, '$.scores'))::JSON[], s -> (json_extract_string(s, '$.score'))::DOUBLE))"),
    shares('seledyne', 'stage end', "e.type = 'StageEnded'", "json_extract_string(e.event, '$.reason')"),
  ],
};
