/**
 * Bots that never read their view (random ones): a harness that plays many games (the lab's
 * botGame) skips building a view for them, the dearest part of a move after the rules
 * themselves. A bot is listed here only where it is made, by the code that knows it reads none.
 */
import { randomBot, type Bot } from '../engine/core/index.js';
import { botMark } from './mark.js';

const VIEWLESS = botMark(randomBot);

/** `bot`, marked as one that never reads its view. */
export const viewless = VIEWLESS.mark;

/** Whether `bot` was marked as never reading its view. */
export const readsView = (bot: Bot): boolean => !VIEWLESS.has(bot);
