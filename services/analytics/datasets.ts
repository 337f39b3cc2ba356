/**
 * Many export folders read as one dataset: the shards of a sharded run (`simulate --shard`), or
 * several exports. Each argument is a folder or a glob (`*`, `?`, `[…]` within a name, `**` for any
 * depth), expanded here so a quoted pattern works whatever the shell; a pattern that matches no
 * folder is an error, never an empty dataset.
 */
import { existsSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** Folders and patterns, one dataset at most this many folders (a run is rarely over a few thousand shards). */
export const MAX_FOLDERS = 100_000;

const MAGIC = /[*?[]/;

/** Whether a folder is an export (or a simulation) folder: it holds a games table. */
export const isExportFolder = (dir: string): boolean => existsSync(join(dir, 'games.parquet')) || existsSync(join(dir, 'games.ndjson'));

/** One path segment's glob as a regular expression (`*` and `?` never match a separator or a leading dot). */
function segmentRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) throw new Error(`unclosed [ in "${glob}"`);
      const body = glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
      re += `[${body}]`;
      i = end;
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^(?!\\.)${re}$`);
}

async function isDir(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

/** The paths (files and folders) a glob matches, sorted. */
export async function expandGlob(pattern: string): Promise<string[]> {
  const absolute = resolve(pattern);
  const parts = absolute.split(sep);
  let bases = [parts[0] === '' ? sep : parts[0]!];
  for (const part of parts.slice(1)) {
    if (part === '') continue;
    const next: string[] = [];
    if (part === '**') {
      // Any depth, this one included.
      for (const base of bases) {
        next.push(base);
        for (const entry of await readdir(base, { recursive: true, withFileTypes: true }).catch(() => [])) {
          if (entry.isDirectory() && !entry.name.startsWith('.')) next.push(join(entry.parentPath, entry.name));
        }
      }
    } else if (!MAGIC.test(part)) {
      for (const base of bases) next.push(join(base, part));
    } else {
      const re = segmentRegExp(part);
      for (const base of bases) {
        for (const entry of await readdir(base, { withFileTypes: true }).catch(() => [])) if (re.test(entry.name)) next.push(join(base, entry.name));
      }
    }
    bases = next;
    if (bases.length > MAX_FOLDERS) throw new Error(`"${pattern}" matches over ${MAX_FOLDERS} folders`);
  }
  const found: string[] = [];
  for (const b of bases) if (await stat(b).catch(() => null)) found.push(b);
  return found.sort();
}

/** Whether a command-line argument is a glob rather than a plain path. */
export const isGlob = (arg: string): boolean => MAGIC.test(arg);

/**
 * The export folders named by `specs` (folders or globs; a comma-separated list counts as several),
 * each once (by real path), in a stable order. A folder given by name must exist; a pattern must
 * match at least one export folder.
 */
export async function datasetFolders(specs: readonly string[]): Promise<string[]> {
  const seen = new Map<string, string>();
  // The first name a folder is given under is the one kept.
  const keep = (real: string, name: string) => seen.has(real) || seen.set(real, name);
  for (const spec of specs.flatMap((s) => s.split(',')).filter(Boolean)) {
    if (!MAGIC.test(spec)) {
      if (!(await isDir(spec))) throw new Error(`${spec}: no such folder`);
      keep(await realpath(spec), spec);
      continue;
    }
    const found: string[] = [];
    for (const path of await expandGlob(spec)) if ((await isDir(path)) && isExportFolder(path)) found.push(path);
    if (found.length === 0) throw new Error(`${spec}: matches no export folder (one holding games.parquet or games.ndjson)`);
    for (const dir of found) keep(await realpath(dir), dir);
  }
  if (seen.size === 0) throw new Error('no folder given');
  return [...seen.values()];
}
