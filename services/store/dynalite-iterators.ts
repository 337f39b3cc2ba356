/**
 * dynalite (4.0) turns LevelDB iterators into streams and, when a stream ends or is destroyed,
 * closes the iterator with `iterator.return()`: abstract-level's iterators have `close()`, not
 * `return()`, so none was ever closed. Each Query or Scan left an open iterator in the database's
 * set of resources, with the native LevelDB iterator behind it pinning memory: the embedded
 * DynamoDB grew with every ordinary read (issue 26 finding 4: RSS 406 MB → 2.6 GB over 25 passes
 * of 1,500 game reads). Giving the iterators the `return()` dynalite calls closes each one.
 */
import { createRequire } from 'node:module';

type Closable = { close(): Promise<void>; return?: () => Promise<{ done: true; value: undefined }> };

let classes: { prototype: Closable }[] | null = null;

/**
 * The iterator classes of abstract-level as dynalite's own LevelDB packages load it (the copy whose
 * iterators leak), given the `return()` dynalite calls; once. Called when an embedded DynamoDB
 * starts, not at import: Lambda bundles leave dynalite out.
 */
export function closeLeakedIterators(): { prototype: Closable }[] {
  if (classes) return classes;
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
  const level = fromDynalite(fromDynalite.resolve('abstract-level', { paths: [fromDynalite.resolve('level')] })) as Record<string, { prototype: Closable }>;
  classes = ['AbstractIterator', 'AbstractKeyIterator', 'AbstractValueIterator'].map((name) => level[name]!);
  for (const { prototype: proto } of classes) {
    if (proto && !('return' in proto)) {
      proto.return = async function (this: Closable) {
        await this.close();
        return { done: true, value: undefined };
      };
    }
  }
  return classes;
}
