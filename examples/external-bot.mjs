#!/usr/bin/env node
// An external bot for `npm run simulate|league -- --bots external:"node examples/external-bot.mjs"`:
// one JSON line per decision on stdin, { game, seat, view, legalMoves }; the index of the chosen
// move on one line of stdout. This one prefers the move that plays the most cards (a SCOUT show,
// a Sea Salt & Paper duo…), which is simply the longest move as JSON; ties go to the first.
import { createInterface } from 'node:readline';

const size = (move) => JSON.stringify(move).length;

for await (const line of createInterface({ input: process.stdin })) {
  const { legalMoves } = JSON.parse(line);
  let best = 0;
  legalMoves.forEach((move, i) => {
    if (size(move) > size(legalMoves[best])) best = i;
  });
  process.stdout.write(`${best}\n`);
}
