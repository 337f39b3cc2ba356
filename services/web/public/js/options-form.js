/**
 * A form generated from each option's JSON Schema (GameOption.schema): booleans as checkboxes,
 * enums as selects, bounded integers as number fields, `X or null` with an empty choice, and
 * anything else (objects, arrays) as JSON text. Only values that differ from the default are sent.
 */
import { h } from './dom.js';
import { t } from './i18n.js';
import { citedSection } from './citation.js';

let fieldCount = 0; // ids that tie each label to its control

export function optionsForm(options) {
  const fields = options.map(field);
  return {
    element: h('div.options', {}, fields.map((f) => f.element)),
    /** The chosen options; throws on malformed JSON text. */
    value() {
      const out = {};
      for (const f of fields) {
        const v = f.read();
        if (JSON.stringify(v) !== JSON.stringify(f.option.default ?? null)) out[f.option.name] = v;
      }
      return out;
    },
  };
}

function field(option) {
  const schema = option.schema ?? {};
  const control = controlFor(schema, option.default);
  const label = option.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const help = option.description ?? schema.description ?? '';
  const id = `opt-${option.name}-${++fieldCount}`;
  control.element.id = id;
  const element = h('div.option', { title: help }, h('label.option-name', { for: id }, label), control.element, help ? h('small.option-help', {}, helpText(help)) : null);
  control.element.name = option.name;
  return { option, element, read: control.read };
}

function controlFor(schema, dflt) {
  const nullable = schema.anyOf?.some((s) => s.type === 'null');
  const branches = (schema.anyOf ?? [schema]).filter((s) => s.type !== 'null');
  if (branches.length === 1) return single(branches[0], dflt, nullable);
  // A few constants and a bounded integer (e.g. "random" or a seat): one select of all of them.
  const choices = branches.flatMap(choicesOf);
  if (choices.every((c) => c !== undefined)) return select(nullable ? [null, ...choices] : choices, dflt);
  return json(dflt);
}

function single(s, dflt, nullable) {
  const choices = choicesOf(s);
  if (s.type === 'boolean' && !nullable) {
    const el = h('input', { type: 'checkbox' });
    el.checked = dflt === true;
    return { element: el, read: () => el.checked };
  }
  if (choices.every((c) => c !== undefined) && choices.length > 0 && choices.length <= 40) return select(nullable ? [null, ...choices] : choices, dflt);
  if (s.type === 'integer' || s.type === 'number') {
    const el = h('input', { type: 'number', min: s.minimum, max: s.maximum, step: s.type === 'integer' ? 1 : 'any', value: dflt ?? '', placeholder: nullable ? '—' : '' });
    return { element: el, read: () => (el.value === '' ? (nullable ? null : dflt) : Number(el.value)) };
  }
  if (s.type === 'string') {
    const el = h('input', { type: 'text', value: dflt ?? '' });
    return { element: el, read: () => (el.value === '' && nullable ? null : el.value) };
  }
  return json(dflt);
}

/** The finite values a schema allows, or [undefined] when it is open-ended. */
function choicesOf(s) {
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  if (s.type === 'boolean') return [true, false];
  if (s.type === 'integer' && Number.isInteger(s.minimum) && Number.isInteger(s.maximum) && s.maximum - s.minimum <= 20) {
    return Array.from({ length: s.maximum - s.minimum + 1 }, (_, i) => s.minimum + i);
  }
  return [undefined];
}

function select(choices, dflt) {
  const el = h('select', {}, choices.map((c, i) => h('option', { value: String(i), selected: JSON.stringify(c) === JSON.stringify(dflt ?? null) }, c === null ? '—' : String(c))));
  return { element: el, read: () => choices[Number(el.value)] };
}

function json(dflt) {
  const el = h('textarea', { rows: 1, spellcheck: 'false' }, JSON.stringify(dflt ?? null));
  return { element: el, read: () => JSON.parse(el.value || 'null') };
}

/** The help text with its rules citation as a link to that section of the rules page. */
function helpText(help) {
  const cite = citedSection(help);
  if (!cite) return help;
  const href = `#/rules/${cite.game}${cite.section ? `/${cite.section}` : ''}`;
  return [cite.before, h('a', { href }, `${t('rulesSection')} ${cite.label || ''}`.trim()), cite.after];
}
