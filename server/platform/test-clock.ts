import { readFileSync, statSync } from 'node:fs';

/**
 * The test clock (tests only, docs/decisions/0036-scheduled-reveal.md): the server's `now` is the real time
 * plus the offset in milliseconds written in a file, so a browser test can move a running server past a card's
 * reveal by writing the file. Only `WINC_TEST_CLOCK_FILE` turns it on. The file is read again only when its
 * modification time or size changed, so the clock costs one stat per reading; a missing file or one that
 * does not hold a whole number is no offset.
 */
export function createFileClock(file: string, realNow: () => number = Date.now): () => Date {
  let seen = '';
  let offsetMs = 0;
  return () => {
    const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
    const version = stat ? `${stat.mtimeNs}:${stat.ctimeNs}:${stat.size}:${stat.ino}` : '';
    if (version !== seen) {
      seen = version;
      offsetMs = stat ? offsetIn(file) : 0;
    }
    return new Date(realNow() + offsetMs);
  };
}

function offsetIn(file: string): number {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^-?\d+$/.test(text) ? Number(text) : 0;
  } catch {
    return 0;
  }
}
