import { afterEach, describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { externalBot, ExternalBotError, type ExternalBot } from '../../services/bots/external.js';
import { highCard } from '../kit/high-card.js';

const context = { game: highCard, seat: 1, setup: { seats: 2, options: {} } };
const moves = [{ type: 'choose', swap: false }, { type: 'choose', swap: true }];
const node = (script: string) => `node -e ${JSON.stringify(script)}`;
const opened: ExternalBot[] = [];
const open = (command: string, timeoutMs?: number) => {
  const bot = externalBot(command, { timeoutMs });
  opened.push(bot);
  return bot;
};
afterEach(() => opened.splice(0).forEach((b) => b.close()));

describe('an external bot: one JSON line per decision in, the index of its choice out', () => {
  it('plays the move at the index the process answers, one process for many decisions', () => {
    const bot = open('node examples/external-bot.mjs');
    for (let i = 0; i < 5; i++) expect(bot({ hand: 3 }, moves, fastRng(i), context)).toEqual(moves[0]);
    // the example prefers the longest move: a longer one at index 1 is chosen
    expect(bot({ hand: 3 }, [{ type: 'x' }, { type: 'choose', swap: true }], fastRng(0), context)).toEqual({ type: 'choose', swap: true });
  });

  it('is told the game, its seat, its view and the legal moves', () => {
    const bot = open(node(`require('readline').createInterface({input:process.stdin}).on('line',l=>{const q=JSON.parse(l);process.stdout.write((q.game==='high-card'&&q.seat===1&&q.view.hand===7&&q.legalMoves.length===2?1:0)+'\\n')})`));
    expect(bot({ hand: 7 }, moves, fastRng(0), context)).toEqual(moves[1]);
  });

  it('refuses an answer that is not an index', () => {
    const bot = open(node(`process.stdin.on('data',()=>process.stdout.write('swap please\\n'))`));
    expect(() => bot({}, moves, fastRng(0), context)).toThrow(/answered "swap please", not the index of a legal move/);
  });

  it('refuses an index out of range', () => {
    const bot = open(node(`process.stdin.on('data',()=>process.stdout.write('2\\n'))`));
    expect(() => bot({}, moves, fastRng(0), context)).toThrow(/answered 2, but there are 2 legal moves/);
  });

  it('says so when the process dies, with its stderr', () => {
    const bot = open(node(`process.stdin.on('data',()=>{console.error('out of ideas');process.exit(3)})`));
    expect(() => bot({}, moves, fastRng(0), context)).toThrow(/the process ended \(exit code 3\); stderr: out of ideas/);
    expect(() => bot({}, moves, fastRng(0), context)).toThrow(ExternalBotError);
  });

  it('gives up on a process that does not answer in time', () => {
    const bot = open(node(`process.stdin.on('data',()=>{})`), 500);
    expect(() => bot({}, moves, fastRng(0), context)).toThrow(/no answer within 500 ms/);
  });

  it('says so when the command cannot run', () => {
    const bot = open('/nonexistent/bot');
    expect(() => bot({}, moves, fastRng(0), context)).toThrow(/external bot "\/nonexistent\/bot": the process ended \(exit code 127\)/);
  });
});
