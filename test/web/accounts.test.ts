/// <reference lib="dom" />
/**
 * One account on every device, in Chromium: a passkey registered in one browser context signs a
 * second one in (DevTools' virtual authenticator: a real WebAuthn ceremony through the page, the
 * credential carried over with WebAuthn.getCredentials / addCredential), a device link code
 * signs a third in once, and a device signed out from another is signed out at once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startChildServer } from '../kit/child-server.js';
import { useServer } from '../kit/server.js';
import { POLL_MS, problems, ready, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();
// WebAuthn needs a domain for its relying party id (not an IP address); localhost is a secure context.
const base = () => server.url.replace('127.0.0.1', 'localhost');

async function accountPage(browser: Browser, at = base()): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const seen: string[] = [];
  page.on('pageerror', (e) => seen.push(e.message));
  (page as Page & { problems: string[] }).problems = seen;
  await page.goto(`${at}/#/account`);
  await ready(page);
  return { context, page, cdp, authenticatorId };
}

const signedInPlayer = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('parlor.v1') ?? '{}').player?.id as string | undefined);
const devices = (page: Page) => page.$$eval('ul.devices li', (lis) => lis.map((li) => li.textContent ?? ''));

describe('accounts in the page', () => {
  it("serves @simplewebauthn/browser's build from node_modules, not from a CDN", async () => {
    const res = await fetch(`${server.url}/vendor/simplewebauthn-browser.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await res.text()).toContain('SimpleWebAuthnBrowser');
  });

  it('a passkey registered in one context signs in a second; a device link code signs in a third, once; a revoked device is signed out', async () => {
    const laptop = await accountPage(chrome.browser);
    await laptop.page.fill('#name', 'Ann');
    await laptop.page.click('#new-account');
    await laptop.page.click('#add-passkey');
    await laptop.page.waitForFunction(() => document.querySelector('#shown-code')?.textContent?.includes('Passkey added'), undefined, { polling: POLL_MS });
    const ann = await signedInPlayer(laptop.page);
    expect(ann).toBeTruthy();
    const { credentials } = await laptop.cdp.send('WebAuthn.getCredentials', { authenticatorId: laptop.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // The same passkey on another device (a synced passkey): the page signs in with it.
    const phone = await accountPage(chrome.browser);
    await phone.cdp.send('WebAuthn.addCredential', { authenticatorId: phone.authenticatorId, credential: credentials[0]! });
    const answer = phone.page.waitForRequest((r) => r.url().endsWith('/v1/passkeys/authentication'));
    await phone.page.click('#passkey-sign-in');
    await phone.page.waitForSelector('#add-passkey');
    expect(await signedInPlayer(phone.page)).toBe(ann);
    expect(await phone.page.textContent('.account strong')).toBe('Ann');
    // The same signed answer again (a replay): its challenge was used up.
    const replay = await fetch(`${base()}/v1/passkeys/authentication`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base() }, body: (await answer).postData()! });
    expect([replay.status, ((await replay.json()) as { error: { code: string } }).error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const after = await phone.cdp.send('WebAuthn.getCredentials', { authenticatorId: phone.authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);

    // A device link: the laptop shows a code, a third browser types it.
    await laptop.page.click('#show-code');
    const code = (await (await laptop.page.waitForSelector('#shown-code code')).textContent())!;
    const tablet = await accountPage(chrome.browser);
    await tablet.page.fill('#link-code', code);
    await tablet.page.click('#link-form button[type=submit]');
    await tablet.page.waitForSelector('#add-passkey');
    expect(await signedInPlayer(tablet.page)).toBe(ann);
    const listed = await devices(tablet.page);
    expect(listed).toHaveLength(3);
    expect(listed.filter((d) => d.includes('this device'))).toHaveLength(1);

    // The code was used up: signed out, the tablet cannot use it again.
    await tablet.page.click('#sign-out');
    await tablet.page.fill('#link-code', code);
    await tablet.page.click('#link-form button[type=submit]');
    await tablet.page.waitForFunction(() => document.querySelector('#account-error')?.textContent?.includes('NOT_FOUND'), undefined, { polling: POLL_MS });

    // The laptop signs the phone out; the phone's next request is refused and it starts again.
    await laptop.page.reload();
    await ready(laptop.page);
    const phoneRow = laptop.page.locator('ul.devices li', { hasText: 'passkey' });
    await phoneRow.locator('button.revoke').click();
    await laptop.page.waitForFunction(() => document.querySelectorAll('ul.devices li').length === 1, undefined, { polling: POLL_MS });
    await phone.page.reload();
    await ready(phone.page);
    await phone.page.waitForSelector('#passkey-sign-in');
    expect(await signedInPlayer(phone.page)).toBeUndefined();
    for (const p of [laptop, phone, tablet]) expect(problems(p.page)).toEqual([]);
    for (const p of [laptop, phone, tablet]) await p.context.close();
  }, 60_000);

  it('npm start prints http://localhost:PORT, as the README says, and a passkey ceremony works on that address', async () => {
    // The README's first command and its "In a browser" line name the address; npm start prints it.
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain('npm ci && npm start     # the server and the web page on http://localhost:3000');
    expect(readme).toContain('Open http://localhost:3000/');
    const dataDir = mkdtempSync(join(tmpdir(), 'parlor-passkey-'));
    const child = await startChildServer(dataDir, { DEV_TOOLS: 'on' }); // npm start's default (the kit turns them off): the page reads the schema by introspection
    try {
      const printed = /Play\s+(\S+)\/\s/.exec(child.output())![1]!;
      expect(printed).toBe(child.url.replace('127.0.0.1', 'localhost'));
      const browser = await accountPage(chrome.browser, printed);
      await browser.page.fill('#name', 'Rita');
      await browser.page.click('#new-account');
      await browser.page.click('#add-passkey');
      await browser.page.waitForFunction(() => document.querySelector('#shown-code')?.textContent?.includes('Passkey added'), undefined, { polling: POLL_MS });
      expect(await browser.page.textContent('#account-error')).toBe('');
      const { credentials } = await browser.cdp.send('WebAuthn.getCredentials', { authenticatorId: browser.authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.rpId).toBe('localhost');
      // Signed out, the same passkey signs in again on that address.
      await browser.page.click('#sign-out');
      await browser.page.click('#passkey-sign-in');
      await browser.page.waitForSelector('#add-passkey');
      expect(await browser.page.textContent('.account strong')).toBe('Rita');
      expect(problems(browser.page)).toEqual([]);
      await browser.context.close();

      // On the IP address passkeys cannot work (WebAuthn wants a domain): the page says where they do.
      const ip = await accountPage(chrome.browser, child.url);
      expect(await ip.page.getAttribute('.ip-note a', 'href')).toBe(`${printed}/#/account`);
      await ip.context.close();
    } finally {
      await child.kill9();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
