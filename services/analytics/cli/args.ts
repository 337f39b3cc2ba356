/**
 * The analytics commands' argument parsing: node's parseArgs, plus `--help`/`-h` (the usage on
 * stdout, exit 0) and, for a flag it does not know, the usage instead of a stack trace (exit 2).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function parseCli<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  let parsed;
  try {
    parsed = parseArgs({ ...config, options: { ...config.options, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed as unknown as ReturnType<typeof parseArgs<T>>;
}
