/**
 * Ratings farmed with throwaway accounts from one client address (the abuser's script: a fresh
 * puppet a game, each making the minimum of moves and resigning) give nothing under the server's
 * default rules (RATED_LINKED_SEATS=UNCOUNTED, docs/ratings.md): each game enters the ledger as
 * not counted, the farmer stays provisional and off the leaderboard. A player from another
 * address still counts. Requests leave from 127.0.0.x addresses of their own (loopback is a /8).
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { gqlFrom } from '../kit/from-address.js';
import { FAIR_RULES, RATED_MIN_MOVES } from '../../services/ratings/fair.js';
import { commits } from '../kit/players.js';
import { DynamoRatings } from '../../services/store/ratings.js';
import { byEnd, foldRatings, outcomeFromLog } from '../../services/ratings/rebuild.js';
import { exportedEvent } from '../../services/analytics/record.js';
import { longestShow, SHORT_SCOUT } from './longest-show.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';

/**
 * The fair-play rules, with a player provisional until 2 distinct opponents instead of 5: the farm
 * below needs one game past that bound, so 3 farmed games instead of 6. Linked seats, the rule
 * under test, stay the server's default; the bound itself is tested in fair-play.e2e.test.ts.
 */
const RULES = { ...FAIR_RULES, provisionalOpponents: 2 };
/**
 * The resigned seat is played to the end by the game's timeout bot: greedy, not the default search
 * (which cost ~1 s of CPU a game here), in the matched games (matchSettings.timeoutBot) as in the
 * created ones. Who plays that seat counts for nothing the rule looks at.
 */
const TIMEOUT_BOT = 'greedy';
const server = useServer({ fairRatings: RULES, matchSettings: { ...MATCH_SETTINGS, timeoutBot: TIMEOUT_BOT } });
const HOME = '127.0.0.1';
const ELSEWHERE = '127.0.0.2';

interface From {
  address: string;
  id: string;
  token: string;
}

/** A GraphQL request sent from `address`. */
const gql = (address: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<any> => gqlFrom(server.url, address, query, variables, token);

async function register(address: string, name: string): Promise<From> {
  const r = await gql(address, 'mutation($n: String!) { registerPlayer(name: $n) { token player { id } } }', { n: name });
  expect(r.errors).toBeUndefined();
  return { address, id: r.data.registerPlayer.player.id, token: r.data.registerPlayer.token };
}

let lastGame = '';
const SEAT = 'query($id: ID!) { game(id: $id) { version seat legalMoves status { toMove over result { aborted } } } }';

/** A rated SCOUT challenge: `puppet` accepts, makes the minimum of moves, resigns; `farmer` plays to the end. */
async function farmedChallenge(farmer: From, puppet: From) {
  const seek = await gql(farmer.address, 'mutation($p: ID!, $o: JSON) { challengePlayer(player: $p, input: { game: "scout", seats: 2, options: $o, rated: true }) { id } }', { p: puppet.id, o: SHORT_SCOUT }, farmer.token);
  expect(seek.errors).toBeUndefined();
  const accepted = await gql(puppet.address, 'mutation($id: ID!) { acceptSeek(id: $id) { gameId } }', { id: seek.data.challengePlayer.id }, puppet.token);
  expect(accepted.errors).toBeUndefined();
  return playOut(farmer, puppet, accepted.data.acceptSeek.gameId);
}

/** `puppet` makes the minimum of moves, resigns; `farmer` plays to the end. The game's result. */
async function playOut(farmer: From, puppet: From, id: string) {
  lastGame = id;
  let made = 0;
  let resigned = false;
  for (let step = 0; step < 2000; step++) {
    await server.play.settle();
    let moved = false;
    for (const p of resigned ? [farmer] : [farmer, puppet]) {
      const g = (await gql(p.address, SEAT, { id }, p.token)).data.game;
      if (g.status.over) return g.status.result;
      if (!g.status.toMove.includes(g.seat) || g.legalMoves.length === 0) continue;
      const r = await gql(p.address, 'mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id, m: p === farmer ? longestShow(g.legalMoves) : g.legalMoves[0], v: g.version }, p.token);
      if (r.errors) continue; // another seat moved first: read again
      moved = true;
      if (p === puppet && ++made === RATED_MIN_MOVES) {
        const r = await gql(puppet.address, 'mutation($id: ID!) { resign(gameId: $id) { players { seat bot } } }', { id }, puppet.token);
        expect(r.errors).toBeUndefined();
        expect(r.data.resign.players.find((s: any) => s.seat === g.seat)?.bot, 'the resigned seat is played by the timeout bot').toBe(TIMEOUT_BOT);
        resigned = true;
      }
    }
    if (!moved) await new Promise((r) => setTimeout(r, 5)); // a bot's move under way
  }
  throw new Error(`game ${id} did not end`);
}

/** A rated SCOUT game created by `farmer` and joined by both with joinGame. */
async function joinedGame(farmer: From, puppet: From) {
  const created = await gql(farmer.address, 'mutation($bot: String, $o: JSON) { createGame(input: { game: "scout", seats: 2, options: $o, rated: true, timeoutBot: $bot }) { game { id } } }', { bot: TIMEOUT_BOT, o: SHORT_SCOUT }, farmer.token);
  const id = created.data.createGame.game.id as string;
  for (const p of [farmer, puppet]) expect((await gql(p.address, 'mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { seat } }', { id, n: 'x' }, p.token)).errors).toBeUndefined();
  return playOut(farmer, puppet, id);
}

/** A rated SCOUT game through quick play: both enter the pool, the pairing seats them. */
async function quickGame(farmer: From, puppet: From) {
  const PLAY = 'mutation { playNow(input: { game: "scout", seats: 2, rated: true }) { gameId } }';
  for (const p of [farmer, puppet]) expect((await gql(p.address, PLAY, {}, p.token)).errors).toBeUndefined();
  for (let i = 0; i < 200; i++) {
    const entry = (await gql(farmer.address, 'query { quickPlay(input: { game: "scout", seats: 2, rated: true }) { gameId } }', {}, farmer.token)).data.quickPlay;
    if (entry?.gameId) return playOut(farmer, puppet, entry.gameId);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('quick play seated no one');
}

const MINE = '{ me { ratings { game rating games provisional history(first: 20) { edges { node { counted linkedSeats } } } } } }';
const scoutRating = async (p: From) => (await gql(p.address, MINE, {}, p.token)).data.me.ratings.find((r: any) => r.game === 'scout');
const board = async () => (await gql(HOME, '{ leaderboard(game: "scout", first: 100) { edges { node { player { id } } } } }')).data.leaderboard.edges.map((e: any) => e.node.player.id);

describe('linked seats: throwaway accounts from one address farm nothing', () => {
  it(`a fresh puppet a game from the farmer's address, ${RULES.provisionalOpponents + 1} games: none counts, the farmer stays provisional and off the leaderboard; one from elsewhere counts`, async () => {
    const farmer = await register(HOME, 'Farmer');
    for (let k = 0; k <= RULES.provisionalOpponents; k++) {
      const puppet = await register(HOME, `Puppet${k}`);
      expect(await farmedChallenge(farmer, puppet)).toMatchObject({ aborted: false });
    }
    const farmed = await scoutRating(farmer);
    // Each says why: its seats were linked.
    expect(farmed.history.edges.map((e: any) => e.node)).toEqual(Array(RULES.provisionalOpponents + 1).fill({ counted: false, linkedSeats: true }));
    expect(farmed).toMatchObject({ games: 0, provisional: true, rating: 0 });
    expect(await board()).not.toContain(farmer.id);

    // Another address: the game counts (the judgement is the shared address, not the players).
    const stranger = await register(ELSEWHERE, 'Stranger');
    await farmedChallenge(farmer, stranger);
    const after = await scoutRating(farmer);
    expect(after.games).toBe(1);
    expect(after.history.edges[0].node).toEqual({ counted: true, linkedSeats: false });

    // Rebuilt from the games' commits alone (the marks and the rule are in them), the ratings equal the projection's.
    const { DynamoFinishedGames } = await import('../../services/store/finished.js');
    const outcomes = [];
    for (const gameId of await new DynamoFinishedGames(server.client, 'parlor').endedSince('1970-01-01T00:00:00Z')) {
      const outcome = outcomeFromLog(gameId, await commits(server, gameId));
      if (outcome) outcomes.push(outcome);
    }
    expect(outcomes.filter((o) => o.linked)).toHaveLength(RULES.provisionalOpponents + 1);
    const rebuilt = foldRatings(outcomes.sort(byEnd), RULES);
    const projected = await new DynamoRatings(server.client, 'parlor').ratings('scout', [...rebuilt.keys()]);
    for (const [id, r] of rebuilt) {
      const { ratingId: _i, game: _g, name: _n, seq: _q, ...held } = projected.get(id)!;
      expect(held, id).toEqual(r);
    }
  });

  it('a rated game joined with joinGame, and one paired by quick play, from one address: neither counts; from two addresses both do', async () => {
    const [a, b, c] = [await register(HOME, 'JoinA'), await register(HOME, 'JoinB'), await register(ELSEWHERE, 'JoinC')];
    await joinedGame(a, b);
    await quickGame(a, b);
    expect((await scoutRating(a)).history.edges.map((e: any) => e.node)).toEqual([{ counted: false, linkedSeats: true }, { counted: false, linkedSeats: true }]);
    await joinedGame(a, c);
    await quickGame(a, c);
    expect((await scoutRating(a)).history.edges.map((e: any) => e.node.counted)).toEqual([true, true, false, false]);
  });

  it('where the seats were taken from is kept in the game, keyed by it, and shown to no one: not in the history, nor in an export', async () => {
    await farmedChallenge(await register(HOME, 'Host'), await register(HOME, 'Guest'));
    const stored = JSON.stringify(await commits(server, lastGame));
    expect(stored).toContain('"marks"');
    expect(stored).not.toContain(HOME);
    const HISTORY = 'query($id: ID!) { game(id: $id) { history { events } } }';
    const reader = await register(ELSEWHERE, 'Reader');
    for (const token of [undefined, reader.token]) {
      const seen = await gql(ELSEWHERE, HISTORY, { id: lastGame }, token);
      expect(seen.errors).toBeUndefined();
      expect(JSON.stringify(seen.data)).toContain('SeatClaimed');
      expect(JSON.stringify(seen.data)).not.toContain('marks');
    }
    const exported = (await commits(server, lastGame)).flatMap((c) => c.events.map((e) => exportedEvent(e as never)));
    expect(JSON.stringify(exported)).toContain('SeatClaimed');
    expect(JSON.stringify(exported)).not.toContain('marks');
  });
});
