// Your first game: two seats of SCOUT (as many rounds as players) played to the end by picking legal moves at random.
// Needs only Node 20 and a running server: `npm start`, then `node examples/first-game.mjs`.
const url = process.env.PARLOR_URL ?? 'http://127.0.0.1:3000/graphql';

async function gql(query, variables = {}, token) {
  const headers = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
  const { data, errors } = await (await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) })).json();
  if (errors) throw new Error(`${errors[0].extensions?.code}: ${errors[0].message}`);
  return data;
}

const { createGame } = await gql('mutation($input: CreateGameInput!) { createGame(input: $input) { game { id seedHash } } }', { input: { game: 'scout', seats: 2 } });
const gameId = createGame.game.id;
const tokens = [];
for (const name of ['Ann', 'Bob']) tokens.push((await gql('mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { token } }', { id: gameId, name })).joinGame.token);

const read = 'query($id: ID!) { game(id: $id) { version status { toMove over result { scores winners } } legalMoves } }';
for (;;) {
  const { game } = await gql(read, { id: gameId }, tokens[0]);
  if (game.status.over) { console.log(`game ${gameId} over after ${game.version} moves:`, game.status.result); break; }
  const seat = game.status.toMove[0];
  const { game: mine } = await gql(read, { id: gameId }, tokens[seat]);
  const move = mine.legalMoves[Math.floor(Math.random() * mine.legalMoves.length)];
  await gql('mutation($id: ID!, $move: JSON!, $v: Int) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { game { version } } }', { id: gameId, move, v: mine.version }, tokens[seat]);
}
