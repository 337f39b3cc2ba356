/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * A real browser for the web client's tests: Debian's Chromium driven by playwright-core
 * (.ci/run installs it with apt when missing). One context per player, so each has its own
 * localStorage (its own seat tokens), as two people on two machines would.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * Debian's chromium-headless-shell when installed: the same Chromium build without the browser's
 * UI, the lean headless build Playwright itself runs headless tests with (README, Tests: less of
 * Chromium's CPU than full `chromium --headless`). Screenshots for the docs keep full Chromium,
 * as a visitor's browser draws them. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (!process.env.SCREENSHOTS_DIR && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL);

/** `full`: the whole browser, for what the shell leaves out (it shows no notifications: notifications.test.ts). */
export async function launch(full = false): Promise<Browser> {
  const path = full ? (process.env.CHROMIUM_PATH ?? FULL) : CHROMIUM;
  if (!existsSync(path)) throw new Error(`no Chromium at ${path}: apt-get install -y chromium-headless-shell chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: path, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/**
 * The worker's Chromium: files share their worker (`isolate: false` in vitest.config.ts), so one
 * launch serves them all; Playwright closes it when the worker exits.
 */
let shared: Promise<Browser> | undefined;

/**
 * Chromium for a test file: the worker's, with only this test's contexts (each closed after its test);
 * `{ full: true }`: full Chromium of the file's own, closed with the file, when the worker's is the shell.
 */
export function useBrowser(options: { full?: boolean } = {}): { readonly browser: Browser } {
  const held = {} as { browser: Browser };
  const own = options.full && CHROMIUM !== (process.env.CHROMIUM_PATH ?? FULL);
  beforeAll(async () => {
    if (own) return void (held.browser = await launch(true));
    held.browser = await (shared ??= launch());
    if (!held.browser.isConnected()) held.browser = await (shared = launch());
  });
  if (own) afterAll(async () => held.browser?.close());
  // A test's contexts (its players' pages) end with it: a page left open keeps its subscriptions and
  // ticking clocks redrawing in Chromium while the file's later tests run. No test hands a page to
  // another; files run one after another in a worker.
  afterEach(closeContexts);
  afterAll(closeContexts);
  async function closeContexts() {
    await Promise.all(held.browser?.contexts().map((c) => c.close()) ?? []);
  }
  return held;
}

/** A player's page: a fresh context with a name typed into the top bar, on the lobby. */
export async function player(browser: Browser, url: string, name: string, lang: 'en' | 'fa' = 'en', prepare?: (context: BrowserContext) => Promise<unknown>): Promise<Page> {
  // Persian is in the page's storage before its first load (as the language picker leaves it): one load, not a load and a reload.
  const stored: Record<string, string> = lang === 'fa' ? { 'parlor.v1': JSON.stringify({ lang: 'fa' }) } : {};
  const context = await browser.newContext({ viewport: { width: 1000, height: 720 }, deviceScaleFactor: 1, storageState: withStorage(url, stored) });
  await prepare?.(context); // permissions, init scripts: before the page first loads
  const page = watched(await context.newPage());
  await page.goto(url);
  await ready(page);
  await page.fill('#name', name);
  return page;
}

/** The page, its errors (uncaught exceptions, console errors) kept for `problems`. */
export function watched(page: Page): Page {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

/** A new context's storageState with `items` in the page's localStorage (Playwright writes it before any page loads). */
export function withStorage(url: string, items: Record<string, string>) {
  return { cookies: [], origins: [{ origin: new URL(url).origin, localStorage: Object.entries(items).map(([name, value]) => ({ name, value })) }] };
}

/**
 * `host` creates a two-seat SCOUT game from the lobby; the guest's page, opened by `guest` on the
 * invite link (its first load), joins it. The game's id and the guest's page.
 */
export async function scoutForTwo(host: Page, url: string, guest: (link: string) => Promise<Page>): Promise<{ gameId: string; guest: Page }> {
  await host.locator('article.game-type[data-type=scout] button[type=submit]').click();
  await host.waitForSelector('section.table');
  const gameId = /#\/game\/([\w-]+)/.exec(host.url())![1]!;
  const page = await guest(`${url}/#/game/${gameId}`);
  await page.locator('.join-here button').click();
  return { gameId, guest: page };
}

/** Errors the page reported (uncaught exceptions, console errors). */
export function problems(page: Page): string[] {
  return (page as Page & { problems: string[] }).problems;
}

export async function ready(page: Page) {
  await page.waitForSelector('body[data-ready=true]');
}

export async function tableState(page: Page) {
  return page.evaluate(() => {
    const t = document.querySelector<HTMLElement>('section.table');
    return t ? { version: Number(t.dataset.version), seat: t.dataset.seat === '' ? null : Number(t.dataset.seat), over: t.dataset.over === 'true' } : null;
  });
}

/**
 * How often a wait for a moving game asks the page: about a frame's time, as Playwright's default
 * (polling on every animation frame) does, without making the page draw a frame each time for the
 * question (a third of its Chromium CPU while waiting, measured on an idle page).
 */
export const POLL_MS = 16;

/** Waits until the page shows the game at `version` (it arrives over graphql-ws, no reload). */
export async function atVersion(page: Page, version: number) {
  await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>('section.table')?.dataset.version) >= v && !document.querySelector('button.move:disabled'), version, { timeout: 20_000, polling: POLL_MS });
}

/** What the page offers the seat now: highlighted cards on the board (and how many are selected), and move buttons (with each move's type). */
export async function offered(page: Page) {
  return page.evaluate(() => ({
    version: Number(document.querySelector<HTMLElement>('section.table')?.dataset.version),
    cards: document.querySelectorAll('.board .card.live').length,
    selected: document.querySelectorAll('.board .card.selected').length,
    moves: [...document.querySelectorAll<HTMLElement>('button.move')].map((b) => b.dataset.type ?? ''),
  }));
}

/**
 * What a seat must not see: a face-up card in another seat's hand zone (unless the rules
 * revealed that hand), or any card marked as another seat's private card.
 * Returns the offending elements' descriptions, and how many of the seat's own cards it sees.
 */
export async function hiddenInformation(page: Page) {
  return (await page.evaluate(seatSees, null))!;
}

/**
 * As hiddenInformation, once the page shows the game at `version` with no move in flight (as
 * atVersion waits for): one round trip when the page is there already, as it mostly is.
 */
export async function hiddenInformationAt(page: Page, version: number) {
  const seen = await page.evaluate(seatSees, version);
  if (seen) return seen;
  await atVersion(page, version);
  return hiddenInformation(page);
}

/** In the page: what its seat sees of hidden cards; null while it is not yet at `settledAt` (atVersion's test). */
function seatSees(settledAt: number | null) {
  if (settledAt !== null && !(Number(document.querySelector<HTMLElement>('section.table')?.dataset.version) >= settledAt && !document.querySelector('button.move:disabled'))) return null;
  const me = document.querySelector<HTMLElement>('section.table')?.dataset.seat ?? '';
  const leaks: string[] = [];
  for (const zone of document.querySelectorAll<HTMLElement>('[data-hand]')) {
    if (zone.dataset.hand === me || zone.dataset.revealed === 'true') continue;
    for (const c of zone.querySelectorAll('.card:not(.back)')) leaks.push(`seat ${zone.dataset.hand}'s hand shows ${c.textContent}`);
  }
  for (const c of document.querySelectorAll<HTMLElement>('.card[data-owner]')) {
    if (c.dataset.owner !== me && !c.closest('[data-revealed=true]')) leaks.push(`seat ${c.dataset.owner}'s card ${c.textContent}`);
  }
  const own = document.querySelectorAll(`[data-hand="${me}"] .card:not(.back), .card[data-owner="${me}"]`).length;
  return { leaks, own };
}

/**
 * Where screenshots go: a temporary folder by default, so a test run leaves the work tree clean;
 * `npm run screenshots` points it at docs/screenshots to refresh the README's pictures.
 */
export const SHOTS = process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'parlor-screenshots');
mkdirSync(SHOTS, { recursive: true });

/**
 * A picture for the docs: taken when SCREENSHOTS_DIR is set (`npm run screenshots`), skipped in a
 * test run, where nobody looks at it (a full-page capture took 0.2–0.5 s of Chromium's time). A
 * locator's screenshot waits for the element to show: that wait stays.
 */
export async function shot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (process.env.SCREENSHOTS_DIR) return void (await target.screenshot(options));
  if ('waitFor' in target) await target.waitFor({ state: 'visible' });
}
