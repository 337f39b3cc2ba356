/** The rules pages' Markdown renderer: what the rules files use renders as markup, and nothing in them can be markup of its own. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A plain-JS browser module: imported by path so the type checker does not need its types.
const MARKDOWN = '../../services/web/public/js/markdown.js';
const { markdown }: { markdown(src: string): string } = await import(/* @vite-ignore */ MARKDOWN);

describe('the rules renderer', () => {
  it('a line of three dashes is a rule, between paragraphs or after one', () => {
    expect(markdown('one\n\n---\n\ntwo\n---\nthree')).toBe('<p>one</p>\n<hr>\n<p>two</p>\n<hr>\n<p>three</p>');
  });

  it('<https://…> is a link', () => {
    expect(markdown('see <https://example.org/x>')).toBe('<p>see <a href="https://example.org/x" rel="noreferrer">https://example.org/x</a></p>');
  });

  it('HTML in the text stays text, but for an empty anchor with a plain id', () => {
    expect(markdown('| <a id="a0"></a>A0 | b |')).toContain('<th><a id="a0"></a>A0</th>');
    expect(markdown('<a id="x" onclick="y"></a> <b>bold</b> <a id="a b"></a>')).toBe('<p>&#60;a id=&#34;x&#34; onclick=&#34;y&#34;&#62;&#60;/a&#62; &#60;b&#62;bold&#60;/b&#62; &#60;a id=&#34;a b&#34;&#62;&#60;/a&#62;</p>');
  });

  it('no rules file shows a literal rule or a tag', () => {
    for (const game of ['scout', 'sea-salt-and-paper', 'seledyne', 'silver']) {
      for (const lang of ['', '.fa']) {
        const html = markdown(readFileSync(new URL(`../../docs/rules/${game}${lang}.md`, import.meta.url), 'utf8'));
        expect(html, `${game}${lang}`).not.toMatch(/<p>-{3,}|&#60;[a-z]/);
      }
    }
  });
});
