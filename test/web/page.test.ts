/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * A page a newcomer can learn from (issue #23), in Chromium: cards that explain themselves (the
 * card panel, Silver's base deck, Seledyne's words), rules pages linked from the form and the
 * table, a log in sentences with the last move highlighted, results in words, phones (no
 * sideways scrolling, 44 px buttons, SCOUT's hand in one row), and focus after a move.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog as sspCatalog } from '../../services/engine/games/sea-salt-and-paper/cards.js';
import { cards as silverCards } from '../../services/engine/games/silver/index.js';
import { games } from '../../services/engine/registry.js';
import { useServer, type TestServer } from '../kit/server.js';
import { openAsSeat, seatPage, playFirstMoves, seatedGame, type ApiGame } from './api-game.js';
import { POLL_MS, SHOTS, shot, problems, player, ready, useBrowser, withStorage } from './browser.js';

const server = useServer();
const chrome = useBrowser();

/** A phone: touch, the given width. */
async function phone(browser: Browser, width: number, lang: 'en' | 'fa' = 'en'): Promise<Page> {
  const storageState = withStorage(server.url, { 'parlor.v1': JSON.stringify({ name: 'Ann', lang }) }); // before the first load
  const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1, storageState });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  (page as Page & { problems: string[] }).problems = seen;
  await page.goto(server.url);
  await ready(page);
  return page;
}

/** Plays `seat`'s first legal move through the API. */
async function apiMove(s: TestServer, g: ApiGame, seat: number, pick = (moves: { type: string }[]) => moves[0]) {
  const { data } = await s.gql('query($id: ID!) { game(id: $id) { version legalMoves } }', { id: g.gameId }, g.tokens[seat]);
  const sent = await s.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: g.gameId, m: pick(data.game.legalMoves), v: data.game.version }, g.tokens[seat]);
  if (sent.errors) throw new Error(JSON.stringify(sent.errors));
  return sent.data.submitMove.game.version as number;
}

async function toMove(s: TestServer, g: ApiGame): Promise<number[]> {
  const { data } = await s.gql('query($id: ID!) { game(id: $id) { status { toMove } } }', { id: g.gameId });
  return data.game.status.toMove;
}

/**
 * What a phone shows badly when its layout slips (each measured, so a change that breaks it fails): the top bar's
 * items on more than one line; the table header's lines farther apart than its 44 px links, or an item's text
 * off its line's middle; a row of cards
 * that does not start where its label starts (the inline-start side: the right on a Persian page); an "i" button
 * away from the label it explains (it follows the label's text, on a Persian page to its left) or not round; Silver's and
 * Sea Salt & Paper's full-size card captions under 11 px, or wider or lower than their card.
 */
async function layout(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
    // The lines a flex box's items take: items whose tops lie within 30 px of a line's first item share it.
    const lines = (box: Element | null) => {
      const tops = box ? [...box.children].filter(shown).map((el) => el.getBoundingClientRect().top).sort((a, b) => a - b) : [];
      let n = 0;
      let lineTop = -Infinity;
      for (const t of tops) if (t - lineTop > 30) (n++, (lineTop = t));
      return n;
    };
    const topRows = lines(document.getElementById('top'));
    const head = document.querySelector('.table-head');
    const headSlack = head ? Math.round(head.getBoundingClientRect().height - lines(head) * 44) : 0;
    // Each item's text in the middle of its box (a 44 px link whose text sits at its top looks a line above its neighbours).
    const offCentre = head ? [...head.children].filter(shown).flatMap((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      const t = text.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const off = Math.abs(t.top + t.height / 2 - (box.top + box.height / 2));
      return off > 3 ? [`${el.textContent}: ${Math.round(off)} px`] : [];
    }) : [];
    const rtl = document.documentElement.dir === 'rtl';
    const rowsOff = [...document.querySelectorAll('.board .cards')].flatMap((row) => {
      const cards = [...row.children].filter(shown).map((c) => c.getBoundingClientRect());
      if (!cards.length) return [];
      const box = row.getBoundingClientRect();
      const off = rtl ? box.right - Math.max(...cards.map((c) => c.right)) : Math.min(...cards.map((c) => c.left)) - box.left;
      return off > 8 ? [`${row.parentElement!.textContent!.slice(0, 30)}: ${Math.round(off)} px from its start`] : [];
    });
    const infoAway = [...document.querySelectorAll('.zone-caption button.info')].flatMap((b) => {
      // What it follows: the button before it (Isthām has two), else the label's text.
      const label = document.createRange();
      label.selectNodeContents(b.parentElement!.firstChild!);
      const t = b.previousElementSibling?.matches('button.info') ? b.previousElementSibling.getBoundingClientRect() : label.getBoundingClientRect();
      const r = b.getBoundingClientRect();
      const gap = rtl ? t.left - r.right : r.left - t.right;
      return gap < -1 || gap > 12 || Math.abs(r.top + r.height / 2 - (t.top + t.height / 2)) > r.height / 2 ? [`${b.getAttribute('aria-label')}: ${Math.round(gap)} px from its label`] : [];
    });
    // Each "i" a circle, never stretched by its row.
    const infoOval = [...document.querySelectorAll('.board button.info')].filter(shown).flatMap((b) => {
      const r = b.getBoundingClientRect();
      return Math.abs(r.width - r.height) > 1 ? [`${b.getAttribute('aria-label')}: ${Math.round(r.width)}x${Math.round(r.height)}`] : [];
    });
    const captions = [...document.querySelectorAll('section.table:is([data-game=silver], [data-game=sea-salt-and-paper]) .board .card:not(.small) .label')].map((l) => {
      const card = l.closest('.card')!.getBoundingClientRect();
      const r = l.getBoundingClientRect();
      return { size: parseFloat(getComputedStyle(l).fontSize), fits: l.scrollWidth <= l.clientWidth + 1 && r.right <= card.right + 1 && r.left >= card.left - 1 && r.bottom <= card.bottom + 1 };
    });
    return { topRows, headSlack, offCentre, rowsOff, infoAway, infoOval, captions };
  });
}

/** The lobby's create-form controls that stick out of their game's card (past its padding), as "game TAG left-right in left-right". */
async function outsideTheirCard(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll('article.game-type')].flatMap((card) => {
    const c = card.getBoundingClientRect();
    const s = getComputedStyle(card);
    const left = c.left + parseFloat(s.paddingLeft), right = c.right - parseFloat(s.paddingRight);
    return [...card.querySelectorAll('select, input, button')].filter((e) => e.checkVisibility()).flatMap((e) => {
      const r = e.getBoundingClientRect();
      return r.left < left - 0.5 || r.right > right + 0.5 ? [`${card.getAttribute('data-type')} ${e.tagName} ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(left)}-${Math.round(right)}`] : [];
    });
  }));
}

/**
 * Every card of a game drawn by the page's own renderer on the open table, the parts that leave their card, are
 * under their size (a caption 11 px, a mark 9 px) or lie under a peeked card's dashed ring: Silver's cards of every
 * edition face down and known (their caption and "face down" under it); each kind of Sea Salt & Paper card at full
 * size; Silver's Squire display and Sea Salt & Paper's crab pile as their boards draw them.
 */
async function misfitCaptions(page: Page, game: 'silver' | 'sea-salt-and-paper') {
  const all = game === 'silver'
    ? [...new Map(silverCards.map((k) => [k.names.en, { edition: k.edition, number: k.number, name: k.names.en, nameFa: k.names.fa }])).values()]
    : [...new Map(sspCatalog.cards.map((k) => [k.type, { id: k.id, type: k.type, category: k.category, colour: k.colour }])).values()];
  // The page's own renderer, imported by a string (vitest rewrites an import() written in a function).
  await page.evaluate(`import('/js/games/${game}.js').then((m) => { window.renderer = m; })`);
  return page.evaluate(({ all, game, catalog }) => {
    const m = (window as unknown as { renderer: { face: (...a: unknown[]) => HTMLElement; default: { board: (...a: unknown[]) => HTMLElement[] } } }).renderer;
    const lang = document.documentElement.dir === 'rtl' ? 'fa' : 'en';
    const c = { lang, n: String, name: String, seat: 0, game: { legalMoves: [] }, isLive: () => false, isSelected: () => false, type: { catalog } };
    const row = document.querySelector('.board .cards')!;
    const drawn = all.map((x) => (game === 'silver' ? m.face(c, x, { cls: 'peeked', sub: lang === 'fa' ? 'رو به پایین' : 'face down' }) : m.face(c, x)));
    // What each board draws for a choice no table reaches in a few moves: Silver's Squire display, Sea Salt & Paper's crab pile.
    const view = game === 'silver'
      ? { villages: [], discard: [], display: all.slice(0, 2), hand: [], scores: [0], round: 1, rounds: 1, phase: 'playing', token: { kind: 'amulet', holder: 0, active: false } }
      : { players: [], discards: [], crabPileCards: all.slice(0, 2), deckCount: 0, round: 1, targetScore: 40 };
    const where = game === 'silver' ? '[data-key^="display:"]' : '.seatrow > .zone:last-child .card'; // the crab pile: after the draw pile
    const choice = m.default.board(view, c).filter(Boolean).flatMap((el) => [...el.querySelectorAll(where)] as HTMLElement[]);
    if (choice.length !== 2) return [`${choice.length} cards of the ${game === 'silver' ? 'Squire display' : 'crab pile'} drawn, not 2`];
    const misfits: string[] = [];
    for (const el of [...drawn, ...choice]) {
      row.append(el);
      const card = el.getBoundingClientRect();
      // A ring drawn inside the card (a negative outline offset) covers what lies within that many pixels of its edge.
      const style = getComputedStyle(el);
      const ring = style.outlineStyle === 'none' ? 0 : Math.max(0, -parseFloat(style.outlineOffset));
      for (const part of el.querySelectorAll('.big, .label, .sub')) {
        const r = part.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(part);
        const t = text.getBoundingClientRect();
        const name = `${el.dataset.key ?? ''} ${el.textContent}: ${part.className}`;
        if (r.top < card.top - 0.5 || r.bottom > card.bottom + 0.5 || part.scrollWidth > part.clientWidth + 1) misfits.push(`${name} leaves its card`);
        if (parseFloat(getComputedStyle(part).fontSize) < (part.matches('.label') ? 11 : 9)) misfits.push(`${name} at ${getComputedStyle(part).fontSize}`);
        if (t.width && (t.left < card.left + ring - 0.5 || t.right > card.right - ring + 0.5)) misfits.push(`${name} under the ring ${ring} px inside the card`);
      }
      el.remove();
    }
    return misfits;
  }, { all, game, catalog: game === 'silver' ? [] : sspCatalog });
}

const longPress = (page: Page, selector: string) =>
  page.$eval(selector, (el) => el.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, clientX: 1, clientY: 1 })));

describe('cards and rules that explain themselves', () => {
  it("Silver deals the base deck by default, and a card's power opens in the card panel on a click and on a long press", async () => {
    const g = await seatedGame(server, 'silver', 2);
    const { data } = await server.gql('query($id: ID!) { game(id: $id) { options } }', { id: g.gameId });
    expect(data.game.options.edition).toBe('amulet');
    const page = await phone(chrome.browser, 390);
    await openAsSeat(page, server.url, g, 0, 'silver');
    const top = await page.$eval('[data-key=discard]', (el) => Number(el.querySelector('.big')!.textContent));
    const entry = silverCards.find((c) => c.edition === 'amulet' && c.number === top)!;
    await page.click('[data-key=discard]'); // no move uses the discard while the players peek
    await page.waitForSelector('dialog.card-panel[open]');
    expect(await page.textContent('dialog.card-panel')).toContain(entry.powerText);
    await page.click('dialog.card-panel button');
    await page.waitForSelector('dialog.card-panel:not([open])', { state: 'attached' });
    await longPress(page, '[data-key=discard]');
    await page.waitForSelector('dialog.card-panel[open]');
    expect(await page.textContent('dialog.card-panel h2')).toContain(entry.names.en);
    await shot(page, { path: `${SHOTS}/card-panel-silver-phone.png` });
    expect(problems(page)).toEqual([]);
  });

  it('Seledyne names its cards and explains Isthām and the Counter', async () => {
    const g = await seatedGame(server, 'seledyne', 2);
    const page = await seatPage(chrome.browser, server.url, g, 0, 'seledyne');
    expect(await page.textContent('.board')).not.toMatch(/NAB-|SAL-/);
    expect(await page.locator('.board .card .corner', { hasText: 'Nabist' }).count()).toBeGreaterThan(0);
    await page.click('button.info[aria-label="About Isthām"]');
    expect(await page.textContent('dialog.card-panel[open]')).toContain('Tributed cards');
    await shot(page, { path: `${SHOTS}/card-panel-seledyne-istham.png` });
    await page.keyboard.press('Escape');
    await page.click('button.info[aria-label="About The Counter"]');
    expect(await page.textContent('dialog.card-panel[open]')).toContain('count against');
    await page.keyboard.press('Escape');
    await longPress(page, '[data-hand="0"] .card');
    expect(await page.textContent('dialog.card-panel[open]')).toMatch(/A card of house Nabist, value \d+/);
  });

  it("serves each game's rules and renders them; the create form's option help and the table link to their sections", async () => {
    for (const g of games) {
      const res = await fetch(`${server.url}/rules/${g.id}.md`);
      expect(res.status, g.id).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    }
    const page = await player(chrome.browser, server.url, 'Ann');
    await page.click('article[data-type=scout] form summary');
    const link = page.locator('article[data-type=scout] .option-help a[href^="#/rules/scout/"]').first();
    const href = (await link.getAttribute('href'))!;
    expect(await page.textContent('article[data-type=scout] .options')).not.toContain('docs/rules/scout.md');
    await link.click();
    await page.waitForSelector('section.rules h1');
    expect(await page.textContent('section.rules h1')).toContain('SCOUT');
    const section = href.split('/').pop()!;
    expect(await page.locator(`.rules-text [id="s-${section.split('.')[0]}"]`).count()).toBe(1);
    expect(await page.locator('.rules-text table').count()).toBeGreaterThan(0);
    await shot(page, { path: `${SHOTS}/rules-scout.png` });
    await page.goto(`${server.url}/#/`);
    expect(await page.textContent('article[data-type=silver]')).toContain('is complete');
    const g = await seatedGame(server, 'sea-salt-and-paper', 2);
    await openAsSeat(page, server.url, g, 0, 'sea-salt-and-paper');
    await page.click('a.rules-link');
    await page.waitForSelector('section.rules h1');
    expect(page.url()).toContain('#/rules/sea-salt-and-paper');
    expect(problems(page)).toEqual([]);
  });
});

describe('what just happened, in words', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`${lang}: the log says each move in a sentence, newest first; the moved cards are highlighted; no engine words`, async () => {
      const g = await seatedGame(server, 'scout', 2, {}, `log-${lang}`);
      const page = await seatPage(chrome.browser, server.url, g, 0, 'scout', { lang });
      await apiMove(server, g, 0);
      await apiMove(server, g, 1);
      const mover = (await toMove(server, g))[0]!;
      const v = await apiMove(server, g, mover, (ms) => ms.find((m) => m.type === 'show')!);
      await page.waitForSelector(`section.table[data-version="${v}"]`);
      await page.waitForSelector(`ol.history li.latest[data-version="${v}"]`);
      const latest = await page.textContent('ol.history li.latest');
      expect(latest).toContain(['Ann', 'Bob'][mover]);
      expect(latest).toMatch(lang === 'en' ? /showed .* \(1 card\)/ : /نشان داد/);
      const all = await page.textContent('ol.history');
      expect(all).toMatch(lang === 'en' ? /chose whether to turn their hand|turned their hand|kept their hand/ : /دست/);
      if (lang === 'fa') expect(all).not.toMatch(/[0-9]/);
      expect(await page.locator('.zone.moved .card').count()).toBeGreaterThan(0);
      const head = await page.textContent('.table-head');
      expect(head).not.toMatch(/version|phase|نسخه|مرحله/);
      expect(await page.textContent('section.table')).not.toMatch(/scouted-around|cannot-act|roundCap|turn-open/);
      await shot(page, { path: `${SHOTS}/log-scout-${lang}.png`, fullPage: true });
      expect(problems(page)).toEqual([]);
    });
  }

  it('a finished game shows the final score sheet; Silver says that the lowest total wins', async () => {
    const g = await seatedGame(server, 'scout', 2);
    await playFirstMoves(server, g);
    const page = await seatPage(chrome.browser, server.url, g, 0, 'scout');
    await page.waitForSelector('.final-sheet');
    expect(await page.locator('.final-sheet tr').count()).toBe(3);
    expect(await page.textContent('.final-sheet')).toContain('The highest total wins.');
    expect(await page.textContent('.banner.over')).toMatch(/(Ann|Bob).* won/);
    // The seed was random: revealed at the end, with no "fixed" note.
    expect(await page.locator('code.seed').count()).toBe(1);
    expect(await page.locator('.seed-fixed').count()).toBe(0);
    await shot(page, { path: `${SHOTS}/final-sheet-scout.png`, fullPage: true });
    const silver = await seatedGame(server, 'silver', 2);
    await openAsSeat(page, server.url, silver, 0, 'silver');
    expect(await page.textContent('.board .note')).toContain('lowest total wins');
  });
});

describe('phones and keyboards', () => {
  for (const width of [360, 390]) {
    it(`${width} px: no page scrolls sideways, every button and field is at least 44 px, the top bar is one line (up to 760 px), the table header has no gap, cards start at their label's side, "i" buttons follow their labels, Silver's and Sea Salt & Paper's captions are 11 px, SCOUT's hand is one row that fits (a fan, no scroll)`, async () => {
      const page = await phone(chrome.browser, width, width === 360 ? 'fa' : 'en');
      const wide: string[] = [];
      const check = async (where: string) => {
        const { scroll, inner, small, fields } = await page.evaluate(() => ({
          scroll: document.scrollingElement!.scrollWidth,
          inner: innerWidth,
          small: [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null).map((b) => b.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length,
          // Fields to type in or pick from (a checkbox's target is its 44 px label row); checkVisibility: not in a closed <details>.
          fields: [...document.querySelectorAll('input:not([type=checkbox]), select')].filter((f) => f.checkVisibility()).flatMap((f) => {
            const r = f.getBoundingClientRect();
            return r.height < 44 || r.width < 44 ? [`${f.getAttribute('name') ?? f.id ?? f.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`] : [];
          }),
        }));
        if (scroll > inner) wide.push(`${where}: ${scroll} > ${inner}`);
        if (small) wide.push(`${where}: ${small} buttons under 44 px`);
        if (fields.length) wide.push(`${where}: fields under 44 px: ${fields.join(', ')}`);
        const { topRows, headSlack, offCentre, rowsOff, infoAway, infoOval, captions } = await layout(page);
        if (topRows > 1) wide.push(`${where}: the top bar takes ${topRows} lines`);
        if (headSlack > 1) wide.push(`${where}: the table header is ${headSlack} px taller than its lines of 44 px links`);
        for (const o of offCentre) wide.push(`${where}: the header's text off its line's middle: ${o}`);
        for (const r of rowsOff) wide.push(`${where}: cards of ${r}`);
        for (const i of infoAway) wide.push(`${where}: the "i" of ${i}`);
        for (const i of infoOval) wide.push(`${where}: the "i" of ${i}, not round`);
        if ((where === 'silver' || where === 'sea-salt-and-paper') && !captions.length) wide.push(`${where}: no card caption to measure`);
        if (captions.some((c) => c.size < 11)) wide.push(`${where}: card captions of ${Math.min(...captions.map((c) => c.size))} px`);
        if (captions.some((c) => !c.fits)) wide.push(`${where}: a card caption leaves its card`);
      };
      await check('lobby');
      await page.click('article[data-type=seledyne] form summary');
      await check('lobby with options');
      // Two create forms side by side (a phone turned sideways): a clock select as wide as its longest option stuck out of its card.
      await page.setViewportSize({ width: 600, height: 800 });
      for (const o of await outsideTheirCard(page)) wide.push(`lobby at 600 px: ${o}`);
      await page.setViewportSize({ width, height: 800 });
      for (const game of games) {
        const g = await seatedGame(server, game.id, 3);
        await openAsSeat(page, server.url, g, 0, game.id);
        await check(game.id);
        await shot(page, { path: `${SHOTS}/phone-${width}-${game.id}.png`, fullPage: true });
        if (game.id === 'silver' || game.id === 'sea-salt-and-paper') expect(await misfitCaptions(page, game.id), `every ${game.id} card, drawn at full size, holds its 11 px caption and marks`).toEqual([]);
        if (game.id === 'seledyne' && width === 360) expect(await page.locator('.zone-caption button.info').count(), 'the "i" buttons measured').toBeGreaterThan(0);
        if (game.id === 'scout') {
          const hand = await page.$eval('[data-hand="0"] .cards', (el) => ({ rows: new Set([...el.querySelectorAll('.card:not(.gap)')].map((c) => (c as HTMLElement).offsetTop)).size, scrolls: el.scrollWidth > el.clientWidth }));
          // Wider than the screen, the hand overlaps like a fan instead of scrolling (newcomer.test.ts checks every card shows).
          expect(hand).toEqual({ rows: 1, scrolls: false });
        }
      }
      await page.goto(`${server.url}/#/rules/silver/4.1`);
      await page.waitForSelector('section.rules h1');
      await check('rules');
      // The same page turned sideways or on a small tablet: the desktop top bar (its tagline, a 150 px name field) wrapped up to 760 px.
      for (const wider of [481, 600, 760]) {
        await page.setViewportSize({ width: wider, height: 800 });
        const { topRows } = await layout(page);
        if (topRows > 1) wide.push(`rules at ${wider} px: the top bar takes ${topRows} lines`);
      }
      expect(wide).toEqual([]);
    });
  }

  it('after a move made with the keyboard, focus is on the next useful element, not on the lobby link', async () => {
    const g = await seatedGame(server, 'scout', 2, {}, 'focus');
    const page = await seatPage(chrome.browser, server.url, g, 0, 'scout');
    await page.focus('button.move[data-type=rotate]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('button.move[data-type=rotate]'), undefined, { polling: POLL_MS });
    const after = await page.evaluate(() => ({ inTable: !!document.activeElement?.closest('section.table'), back: document.activeElement?.matches('a.back') ?? false, tag: document.activeElement?.tagName }));
    expect(after).toMatchObject({ inTable: true, back: false });
    // Bob rotates; whoever starts, Ann's turn comes: then a card picked with the keyboard keeps the focus.
    await apiMove(server, g, 1);
    if ((await toMove(server, g))[0] === 1) await apiMove(server, g, 1, (ms) => ms.find((m) => m.type === 'show')!);
    await page.waitForSelector('.board .card.live[data-key^="hand:"]');
    const key = await page.$eval('.board .card.live[data-key^="hand:"]', (el) => (el as HTMLElement).dataset.key!);
    await page.focus(`[data-key="${key}"]`);
    await page.keyboard.press('Enter');
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.key ?? document.activeElement?.tagName);
    expect(focused === key || (await page.$('.card.selected')) === null).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.matches('a.back'))).toBe(false);
    expect(problems(page)).toEqual([]);
  });
});
