// A bot of your own playing on a Parlor server like any player: it registers as a player of kind
// BOT (so the others see its seat as a bot), joins the game given, and plays its seat to the end,
// preferring the move that plays the most cards (the longest as JSON). Needs Node 20 and a server:
// `node examples/api-bot.mjs <gameId>` (PARLOR_URL defaults to http://127.0.0.1:3000/graphql).
const url = process.env.PARLOR_URL ?? 'http://127.0.0.1:3000/graphql';
const gameId = process.argv[2];

async function gql(query, variables = {}, token) {
  const headers = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
  const { data, errors } = await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) })).json();
  if (errors) throw new Error(`${errors[0].extensions?.code}: ${errors[0].message}`);
  return data;
}

const { token } = (await gql('mutation { registerPlayer(name: "Longest Move", kind: BOT) { token } }')).registerPlayer;
const { seat } = (await gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Longest Move") { seat } }', { id: gameId }, token)).joinGame;
const size = (move) => JSON.stringify(move).length;
for (;;) {
  const { game } = await gql('query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves } }', { id: gameId }, token);
  if (game.status.over) break;
  if (!game.status.toMove.includes(seat) || !game.legalMoves.length) { await new Promise((r) => setTimeout(r, 100)); continue; }
  const move = game.legalMoves.reduce((best, m) => (size(m) > size(best) ? m : best));
  await gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: gameId, m: move, v: game.version }, token).catch((e) => {
    if (!e.message.startsWith('VERSION_CONFLICT')) throw e; // someone moved first: look again
  });
}
console.log(`game ${gameId} over; I played seat ${seat}`);
