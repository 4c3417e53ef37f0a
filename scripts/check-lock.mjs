// Checks that the committed package-lock.json is in step with package.json, as `npm ci` (what CI systems and
// the image's build run) requires. It reads both files as committed (`git show HEAD:`), because the README's
// `npm install` rewrites a stale lock in the working copy before the tests run; outside a git checkout it
// reads the working copy. `npm ci --dry-run` in a scratch folder validates the lock without installing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function committed(file) {
  try {
    return execFileSync('git', ['show', `HEAD:${file}`], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return fs.readFileSync(path.join(root, file));
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-lock-'));
try {
  for (const file of ['package.json', 'package-lock.json'])
    fs.writeFileSync(path.join(scratch, file), committed(file));
  const result = spawnSync(
    'npm',
    ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel', 'error'],
    { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    console.error(
      'package-lock.json is not in step with package.json: run `npm install` and commit the lock.',
    );
    process.exit(1);
  }
  console.log('package-lock.json is in step with package.json');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
