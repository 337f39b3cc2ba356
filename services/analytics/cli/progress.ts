/**
 * Progress for the analytics commands: a bar on a terminal (cli-progress), plain lines at most
 * every few seconds otherwise (logs, CI), so a long export or simulation never looks hung.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** `done` of `total` (total may grow); `detail` is shown after the numbers. */
  update(done: number, total: number, detail: string): void;
  stop(): void;
}

export function progress(label: string, stream: NodeJS.WriteStream = process.stderr, everyMs = 2000): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {percentage}% {value}/{total} {detail}`, stream, hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total, detail) {
        if (!started) bar.start(Math.max(total, 1), done, { detail });
        started = true;
        bar.setTotal(Math.max(total, done, 1));
        bar.update(done, { detail });
      },
      stop: () => bar.stop(),
    };
  }
  let last = 0;
  let line = '';
  let printed = '';
  const print = () => {
    if (line !== printed) stream.write(`${line}\n`);
    printed = line;
  };
  return {
    update(done, total, detail) {
      line = `${label}: ${done}/${total} ${detail}`;
      const now = Date.now();
      if (now - last < everyMs) return;
      last = now;
      print();
    },
    stop: print,
  };
}

/** "1h 02m", "3m 05s", "12s": a duration for the ETA. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${two(Math.floor((s % 3600) / 60))}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${two(s % 60)}s`;
  return `${s}s`;
}
