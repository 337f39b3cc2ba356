/**
 * The data folder holds every unfinished game's secret seed and the servers' keys, so only its
 * owner may read it (issue 36: LevelDB wrote 0644 files in a 0755 folder and another local user
 * read an open game's seed). `ownerOnly` fixes a folder made by an older version (0700 folders,
 * 0600 files); `ownerOnlyFromNowOn` sets the umask so the files LevelDB writes later are born so.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Creates `dir` if missing; makes it and everything under it readable by its owner only. Symlinks are left alone (never followed). */
export function ownerOnly(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (path: string) => {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return;
      if (stat.isDirectory()) {
        if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
        for (const name of readdirSync(path)) walk(join(path, name));
      } else if (stat.mode & 0o077) {
        chmodSync(path, stat.mode & 0o700);
      }
    } catch (e) {
      // Another server may hold the folder and be renaming its files (LevelDB's compactions): a
      // file gone since the listing needs no fixing, and the lock, taken next, says who owns the folder.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  };
  walk(dir);
}

/** Every file and folder this process creates from now on: no access for group and others. */
export function ownerOnlyFromNowOn(): void {
  process.umask(process.umask() | 0o077);
}
