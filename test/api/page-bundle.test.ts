/**
 * The page's scripts as the server bundles them (services/web/page-bundle.ts, services/web/plugin.ts),
 * without a browser: what the page names, and what happens when the bundle cannot be made.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { webClient } from '../../services/web/plugin.js';

const PUBLIC = join(import.meta.dirname, '../../services/web/public');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the web client's files, `edit`ed, served by the plugin alone; `errors` collects what it logs. */
async function serve(edit: (root: string) => void = () => {}) {
  const root = mkdtempSync(join(tmpdir(), 'parlor-page-'));
  dirs.push(root);
  cpSync(PUBLIC, root, { recursive: true });
  edit(root);
  const errors: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } } });
  await app.register(webClient, { root });
  return { app, errors };
}

describe('the page bundle', () => {
  it('the page names the bundle’s entry, whose files carry their content’s hash and import one another', async () => {
    const { app, errors } = await serve();
    const html = (await app.inject({ url: '/' })).body;
    const entry = /src="(\/b\/main-\w+\.js)"/.exec(html)![1]!;
    const main = await app.inject({ url: entry });
    expect([main.statusCode, main.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    const chunk = /from "\.\/(chunk-\w+\.js)"/.exec(main.body)![1]!;
    expect((await app.inject({ url: `/b/${chunk}` })).statusCode).toBe(200);
    expect(errors).toEqual([]);
  });

  it('a bundle that cannot be made leaves the page as written and says so in the log, instead of failing every request', async () => {
    const { app, errors } = await serve((root) => writeFileSync(join(root, 'js/numerals.js'), 'export const = ;'));
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('src="/js/main.js"');
    expect((await app.inject({ url: '/app.css' })).statusCode).toBe(200);
    expect(errors.join('')).toContain('the page bundle failed');
  });
});
