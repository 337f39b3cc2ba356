/**
 * A minimal Markdown renderer for the rules pages (no dependency): headings (with an id from
 * their section number, "## 4.1 Gift" → id "s-4.1", also in Persian digits: "## ۴.۱ هدیه" → "s-4.1",
 * so a link to a section works in both languages), paragraphs, lists, tables, code blocks, rules (---),
 * and inline code, bold, italics and links (http(s) only; other links become their text).
 * Everything is escaped first: the text can hold no markup of its own but empty `<a id="…"></a>` anchors.
 */
const esc = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function inline(text) {
  const codes = [];
  let s = esc(text).replace(/`([^`]+)`/g, (_, c) => `\u0000${codes.push(c) - 1}\u0000`);
  s = s
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => (/^https?:\/\//.test(href.replace(/&#38;/g, '&')) ? `<a href="${href}" rel="noreferrer">${label}</a>` : label));
  s = s.replace(/&#60;(https?:\/\/[^\s&]+)&#62;/g, '<a href="$1" rel="noreferrer">$1</a>'); // <https://…> autolinks
  // The one tag the rules files hold: an empty anchor with a plain id (Seledyne's option table), kept as one.
  s = s.replace(/&#60;a id=&#34;([a-z0-9-]+)&#34;&#62;&#60;\/a&#62;/g, '<a id="$1"></a>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

/** Persian (and Arabic-Indic) digits and the Persian decimal mark as ASCII: section numbers match across languages. */
const ascii = (s) => s.replace(/[۰-۹٠-٩]/g, (d) => String(d.charCodeAt(0) % 16)).replace(/٫/g, '.');

/** The section id of a heading: its leading number ("4.1", "۴.۱", "2", "R1"), or its words. */
export function sectionId(heading) {
  const m = /^(?:§\s*)?((?:\d+(?:\.\d+)*)|R\d+|[A-Z]\d+)\b\.?/.exec(ascii(heading.trim()));
  return `s-${m ? m[1] : heading.trim().toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}`;
}

export function markdown(src) {
  const lines = src.replace(/\r/g, '').split('\n');
  const out = [];
  let i = 0;
  const isTable = (l) => /^\s*\|.*\|\s*$/.test(l);
  const isList = (l) => /^\s*([-*]|\d+\.)\s+/.test(l);
  const isRule = (l) => /^\s*(-{3,}|\*{3,})\s*$/.test(l);
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    if (line.startsWith('```')) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) code.push(lines[i]);
      i++;
      out.push(`<pre><code>${esc(code.join('\n'))}</code></pre>`);
      continue;
    }
    if (isRule(line)) { out.push('<hr>'); i++; continue; }
    const hd = /^(#{1,4})\s+(.*)$/.exec(line);
    if (hd) {
      const level = Math.min(hd[1].length + 1, 5); // the page's h1 is the game's name
      out.push(`<h${level} id="${esc(sectionId(hd[2]))}">${inline(hd[2])}</h${level}>`);
      i++;
      continue;
    }
    if (isTable(line)) {
      const rows = [];
      for (; i < lines.length && isTable(lines[i]); i++) rows.push(lines[i].trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
      const body = rows.filter((r) => !r.every((c) => /^:?-{2,}:?$/.test(c)));
      out.push(`<div class="table-scroll"><table>${body.map((r, k) => `<tr>${r.map((c) => (k === 0 ? `<th>${inline(c)}</th>` : `<td>${inline(c)}</td>`)).join('')}</tr>`).join('')}</table></div>`);
      continue;
    }
    if (isList(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      for (; i < lines.length && (isList(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length)); i++) {
        if (isList(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''));
        else items[items.length - 1] += ' ' + lines[i].trim();
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>${items.map((it) => `<li>${inline(it)}</li>`).join('')}</${tag}>`);
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() && !/^(#{1,4}\s|```)/.test(lines[i]) && !isRule(lines[i]) && !isTable(lines[i]) && !isList(lines[i]); i++) para.push(lines[i].trim());
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return out.join('\n');
}
