/**
 * One renderer per game type. A renderer draws the board from the view and says, for a legal
 * move, which clickable things it uses (`keys`) and how to name it (`label`); the table does
 * the rest. Any move it does not know still gets a button with a generic label.
 */
import scout from './scout.js';
import ssp from './sea-salt-and-paper.js';
import seledyne from './seledyne.js';
import silver from './silver.js';
import { h } from '../dom.js';

const generic = {
  board: (view) => h('pre', {}, JSON.stringify(view, null, 1)),
  keys: () => [],
};

export const renderers = { scout, 'sea-salt-and-paper': ssp, seledyne, silver, generic };

/** "play duo · cards [3,4]": every field of the move, so no move is ever unreachable. */
export function genericLabel(move) {
  const { type, ...rest } = move ?? {};
  const words = String(type ?? 'move').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const args = Object.entries(rest).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return args.length ? `${words} · ${args.join(', ')}` : words;
}
