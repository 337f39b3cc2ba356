/** Bots' non-interference in silver (test/kit/bot-fairness.ts; one file a game, see test/bots/fairness.test.ts). */
import { describeBotFairness } from '../kit/bot-fairness.js';

describeBotFairness('silver');
