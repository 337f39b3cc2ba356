/** The import graph of the source tree, read from the files (static, re-exported and dynamic imports). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.(ts|js)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [join(dir, d.name)] : []));

/** Static imports, re-exports and dynamic imports, resolved to repository paths (relative ones without extension). */
export function importsOf(file: string, source: string): string[] {
  const specs = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith('.') ? relative(process.cwd(), resolve(dirname(file), s)).replace(/\.(js|ts)$/, '') : s));
}

/** Module (repository path without extension) → the modules of the tree it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(resolve(root));
  const key = (f: string) => relative(process.cwd(), f).replace(/\.(ts|js)$/, '');
  const known = new Set(files.map(key));
  return new Map(files.map((f) => [key(f), [...new Set(importsOf(f, readFileSync(f, 'utf8')))].filter((d) => known.has(d))]));
}

/** The import cycles of a graph: its strongly connected components of more than one module (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do onStack.delete((w = stack.pop()!)), component.push(w);
    while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
