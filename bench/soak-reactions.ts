/**
 * `npm run soak`, section "kill -9 with clocks, bots and players": the side effects of commits,
 * not only the events. Bot games, games between registered players (their inboxes) and clock
 * games are played under load; the server is killed (a real kill -9) while clock games are
 * starting, then started again; after a grace period it counts what stalled: bot games left
 * with the bot to move, deadlines past due that never fired (or fired twice), inbox entries that
 * disagree with their game. Target: 0 each.
 */
type Gql = (query: string, variables?: object, token?: string) => Promise<{ json: any }>;

export interface SoakServer {
  gql: Gql;
  startServer(): Promise<void>;
  kill9(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STATE = 'query($id: ID!) { game(id: $id) { version seat status { toMove over } legalMoves players { seat bot } history { events } } }';
const INBOX = 'query { me { games(first: 50) { edges { node { gameId seat awaitingMyMove } } } } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

async function player(gql: Gql, name: string): Promise<{ name: string; token: string }> {
  const r = await gql('mutation($n: String!) { registerPlayer(name: $n) { token } }', { n: name });
  return { name, token: r.json.data.registerPlayer.token };
}

async function create(gql: Gql, input: object, creator: string): Promise<string> {
  return (await gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: input }, creator)).json.data.createGame.game.id;
}

const join = (gql: Gql, id: string, token: string) => gql('mutation($id: ID!) { joinGame(gameId: $id, name: "p") { seat } }', { id }, token);

export async function killWithReactions(s: SoakServer, options: { games: number; loadMs: number; graceMs?: number }) {
  const { gql } = s;
  const n = options.games;
  const humans = await Promise.all(Array.from({ length: n }, (_, i) => player(gql, `Ann${i}`)));
  const botGames = await Promise.all(humans.map(async (h) => {
    const id = await create(gql, { game: 'scout', seats: 2, bots: [{ seat: 0, kind: 'random' }] }, h.token);
    await join(gql, id, h.token);
    return { id, h };
  }));
  const pairs = await Promise.all(Array.from({ length: n }, async (_, i) => [await player(gql, `Pat${i}`), await player(gql, `Quin${i}`)]));
  const duels = await Promise.all(pairs.map(async (pair) => {
    const id = await create(gql, { game: 'scout', seats: 2, autoAdvance: false }, pair[0]!.token);
    for (const p of pair) await join(gql, id, p.token);
    return { id, pair };
  }));

  // Load: every human plays whenever it is their turn, until the kill.
  let stop = false;
  const loop = async (id: string, seats: { token: string }[]) => {
    while (!stop) {
      try {
        let moved = false;
        for (const p of seats) {
          const g = (await gql(STATE, { id }, p.token)).json.data.game;
          if (g.status.over) return;
          if (!g.status.toMove.includes(g.seat)) continue;
          await gql(MOVE, { id, m: g.legalMoves[Math.floor(Math.random() * g.legalMoves.length)] }, p.token);
          moved = true;
        }
        if (!moved) await sleep(20);
      } catch {
        if (stop) return;
        await sleep(50);
      }
    }
  };
  const load = [...botGames.map((b) => loop(b.id, [b.h])), ...duels.map((d) => loop(d.id, d.pair))];
  await sleep(options.loadMs);
  // Clock games starting (their deadlines set) as the server dies.
  const clocked = await Promise.all(pairs.map(async ([a]) => {
    const id = await create(gql, { game: 'scout', seats: 2, timeControl: { perMove: 'PT2S' }, timeoutBot: 'random', autoAdvance: false }, a!.token);
    await join(gql, id, a!.token);
    return id;
  }));
  const joins = clocked.map((id, i) => join(gql, id, pairs[i]![1]!.token).catch(() => null));
  await sleep(5);
  await s.kill9();
  stop = true;
  await Promise.all([...load, ...joins]);
  await s.startServer();
  await Promise.all(clocked.map((id, i) => join(gql, id, pairs[i]![1]!.token))); // a join cut off by the kill, retried
  // The server's moves after the restart take a moment on a busy machine: stalled is what is still stuck after the grace period.
  const stalled = async () => {
    let n = 0;
    for (const { id, h } of botGames) {
      const g = (await gql(STATE, { id }, h.token)).json.data.game;
      if (!g.status.over && !g.status.toMove.includes(g.seat)) n++;
    }
    return n;
  };
  const graceEnd = Date.now() + (options.graceMs ?? 20_000);
  let stalledBotGames = await stalled();
  while (stalledBotGames > 0 && Date.now() < graceEnd) {
    await sleep(500);
    stalledBotGames = await stalled();
  }
  await sleep(3000); // and the deadlines set before the kill have come due
  let deadlinesOverdue = 0;
  let deadlinesFiredTwice = 0;
  let deadlines = 0;
  const now = Date.now();
  for (const id of clocked) {
    const events = (await gql(STATE, { id })).json.data.game.history.flatMap((h: any) => h.events);
    const fired = events.filter((e: any) => e.type === 'TimedOut').map((e: any) => `${e.seat}@${e.deadline}`);
    deadlinesFiredTwice += fired.length - new Set(fired).size;
    for (const d of events.filter((e: any) => e.type === 'DeadlineSet' && Date.parse(e.deadline) < now - 3000)) {
      deadlines++;
      // No human moves in clock games: every deadline past due must have timed out.
      if (!fired.includes(`${d.seat}@${d.deadline}`)) deadlinesOverdue++;
    }
  }
  let inboxEntries = 0;
  let inboxWrong = 0;
  for (const { id, pair } of duels) {
    for (const p of pair) {
      const g = (await gql(STATE, { id }, p.token)).json.data.game;
      const entry = (await gql(INBOX, {}, p.token)).json.data.me.games.edges.map((e: any) => e.node).find((e: any) => e.gameId === id);
      inboxEntries++;
      if (!entry || entry.awaitingMyMove !== (!g.status.over && g.status.toMove.includes(g.seat))) inboxWrong++;
    }
  }
  return { botGames: n, stalledBotGames, clockGames: n, deadlinesPastDue: deadlines, deadlinesOverdue, deadlinesFiredTwice, inboxEntries, inboxWrong };
}
