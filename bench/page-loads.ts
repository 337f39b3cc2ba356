/**
 * What a player's first visit costs: fresh browser contexts each loading the lobby, from a server
 * that bundles the page's scripts (services/web/page-bundle.ts) and one that serves them as
 * written, rounds alternating in one run. Per page: Chromium's CPU (its whole process tree, read
 * from /proc), this process's (the server, Playwright) and the wall clock.
 *   npx tsx bench/page-loads.ts [pages per round = 10] [rounds = 3]
 * Needs Debian's chromium-headless-shell (or CHROMIUM_PATH) and Linux's /proc.
 */
import { chromium } from 'playwright-core';
import { createLocalParlor } from '../services/local.js';
import { ensureTable, startEmbeddedDynamo } from '../services/store/index.js';
import { descendantsCpuMs } from '../test/kit/descendants-cpu.js';
import { loopbackClient } from '../test/kit/loopback-client.js';

const pages = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 3);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

const dynamo = await startEmbeddedDynamo();
const client = loopbackClient(dynamo.endpoint);
await ensureTable(client, 'parlor');
const servers: Record<string, string> = {};
for (const [label, bundle] of [['bundled', true], ['as written', false]] as const) {
  const parlor = await createLocalParlor({ client, tableName: 'parlor', bots: { workers: 0 }, web: { bundle } });
  servers[label] = await parlor.app.listen({ port: 0, host: '127.0.0.1' });
}

console.log(`The lobby, ${pages} fresh contexts a round (Chromium at ${executablePath}); per page:`);
for (let round = 0; round < rounds; round++) {
  for (const [label, url] of round % 2 ? Object.entries(servers).reverse() : Object.entries(servers)) {
    const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const chromium0 = (descendantsCpuMs() ?? NaN);
    const own0 = process.cpuUsage();
    const wall0 = Date.now();
    for (let i = 0; i < pages; i++) {
      const context = await browser.newContext({ viewport: { width: 1000, height: 720 } });
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForSelector('body[data-ready=true]');
      await context.close();
    }
    const own = process.cpuUsage(own0);
    const browserMs = ((descendantsCpuMs() ?? NaN) - chromium0) / pages;
    console.log(`  round ${round}  ${label.padEnd(10)}  Chromium ${browserMs.toFixed(0).padStart(4)} ms CPU   this process ${((own.user + own.system) / 1000 / pages).toFixed(0).padStart(4)} ms CPU   ${((Date.now() - wall0) / pages).toFixed(0).padStart(5)} ms wall`);
    await browser.close();
  }
}
process.exit(0);
