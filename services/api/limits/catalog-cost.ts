/**
 * The catalog's large fields cost what they weigh: `gameTypes` lists every game, so a field
 * like `catalog` or `moves` costs the KiB it adds to the answer over all games (Silver's card
 * list alone is tens of KiB). Thirty aliases of the whole catalog (~2 MB) are then over the cost
 * limit, while the page's own catalog reads stay far under it. Worked out once, on first use.
 */
import { games } from '../../engine/registry.js';
import { gameTypeDto, type GameTypeDto } from '../dto.js';

/** Cost units per KiB of answer. */
const PER_KIB = 4;

const kib = (values: unknown[]) => Math.ceil(values.reduce<number>((n, v) => n + Buffer.byteLength(JSON.stringify(v ?? null)), 0) / 1024) * PER_KIB;

let costs: Record<string, number> | undefined;

/** Extra cost of the catalog's weighty fields, by `Type.field`. */
export function catalogFieldCosts(): Record<string, number> {
  if (costs) return costs;
  const dtos: GameTypeDto[] = games.map(gameTypeDto);
  costs = {
    'GameType.moves': kib(dtos.map((d) => d.moves)),
    'GameType.catalog': kib(dtos.map((d) => d.catalog)),
    'GameType.events': kib(dtos.map((d) => d.events)),
    'GameType.bots': kib(dtos.map((d) => d.bots)),
    'GameOption.schema': kib(dtos.flatMap((d) => d.options.map((o) => o.schema))),
  };
  return costs;
}
