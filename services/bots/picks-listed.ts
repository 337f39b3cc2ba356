/**
 * Bots whose move is always one of the very objects in the legal list they were handed (the random
 * ones): a harness that plays many games (the lab's playBotGame) records such a move as it is,
 * without first looking for it in the list to know it is the engine's own plain JSON (a scan of the
 * list at every move: ~2% of the engine's move in 2-seat SCOUT). A bot is listed here only where
 * it is made, by the code that knows how it picks.
 */
import { randomBot } from '../engine/core/index.js';
import { botMark } from './mark.js';

const LISTED = botMark(randomBot);

/** `bot`, marked as one that always returns one of the legal moves it was handed (the object itself). */
export const listedPicker = LISTED.mark;

/** Whether `bot` was marked as always returning one of the legal moves it was handed. */
export const picksListed = LISTED.has;
