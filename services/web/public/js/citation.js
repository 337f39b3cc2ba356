/** Where an option's description cites the rules (the create form links it to the rules page). */
/**
 * A description's citation of the rules ("docs/rules/scout.md §3.4 …", "(docs/rules/seledyne.md
 * A27, §7.3)") split out: { before, game, section, label, after }, or null when it cites none.
 */
export function citedSection(description) {
  const m = /docs\/rules\/([\w-]+)\.md\s*((?:[A-Z]\d+,\s*)?§\s*(\d+(?:\.\d+)*))?/.exec(description ?? '');
  if (!m) return null;
  return { before: description.slice(0, m.index), game: m[1], section: m[3] ?? null, label: m[2] ?? '', after: description.slice(m.index + m[0].length) };
}
