/**
 * The Persian rules (docs/rules/<game>.fa.md) follow the English ones section for section, so a
 * link to "§3.4" lands on the same rule in both languages and neither text drifts silently: the
 * same headings at the same levels with the same section ids, the same tables and lists in each
 * section, the same citations (§ numbers, E/A/R ids), and every identifier the English text
 * puts in `code` (option names, moves, fields) unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';

// A plain-JS browser module: imported by path so the type checker does not need its types.
const MARKDOWN = '../../services/web/public/js/markdown.js';
const { sectionId }: { sectionId(heading: string): string } = await import(/* @vite-ignore */ MARKDOWN);

const read = (file: string) => readFileSync(new URL(`../../docs/rules/${file}`, import.meta.url), 'utf8').replace(/```[\s\S]*?```/g, '');

/** Each heading as "level id" when it is numbered ("### 3.4 …" → "3 s-3.4"), else its level alone. */
function outline(text: string): string[] {
  return [...text.matchAll(/^(#{1,4})\s+(.*)$/gm)].map(([, hashes = '', title = '']) => {
    const id = sectionId(title);
    return /^s-(\d|[A-Z]\d)/.test(id) ? `${hashes.length} ${id}` : `${hashes.length}`;
  });
}

/** Per section (the text between two headings): its table rows and list items, as "rows/items". */
const shape = (text: string) =>
  text.split(/^#{1,4}\s.*$/m).map((part) => {
    const lines = part.split('\n');
    return `${lines.filter((l) => /^\s*\|.*\|\s*$/.test(l)).length}/${lines.filter((l) => /^\s*([-*]|\d+\.)\s+/.test(l)).length}`;
  });
/** Every "§3.4" and every id (E4, A17, R1) the text cites, sorted; Persian digits read as ASCII. */
const citations = (text: string) =>
  [...text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0)).matchAll(/§\s*(\d+(?:\.\d+)*)|\b([A-Z]\d+)\b/g)].map((m) => m[1] ?? m[2] ?? '').sort();
const codes = (text: string) => new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\s+/g, ' ')));

describe('the Persian rules follow the English ones', () => {
  for (const game of games.map((g) => g.id)) {
    describe(game, () => {
      const en = () => read(`${game}.md`);
      const fa = () => read(`${game}.fa.md`);

      it('every English heading has its Persian counterpart, at the same level with the same section number', () => {
        expect(outline(fa())).toEqual(outline(en()));
      });

      it('has in each section the same tables and lists, row for row and item for item', () => {
        expect(shape(fa())).toEqual(shape(en()));
      });

      it('cites the same sections and the same edge-case and option ids, as often', () => {
        expect(citations(fa())).toEqual(citations(en()));
      });

      it('keeps every identifier in code (options, moves, fields) unchanged', () => {
        const persian = codes(fa());
        const missing = [...codes(en())].filter((c) => !persian.has(c));
        expect(missing).toEqual([]);
      });
    });
  }
});
