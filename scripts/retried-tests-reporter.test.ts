import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
let folder: string | undefined;

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/**
 * `npm test` tries a failed browser test once more (decision 0045); one that passes only then must be named, with
 * what failed first. A real vitest run, in a folder of its own under the repository (so it finds vitest), with the
 * reporter as `npm test` passes it.
 */
describe('the reporter of tests that passed only when tried again', { timeout: 60_000 }, () => {
  it('names the test that failed once and then passed, with its first error, and no other', async () => {
    await mkdir(path.join(root, '.cache'), { recursive: true });
    folder = await mkdtemp(path.join(root, '.cache', 'retried-reporter-'));
    await writeFile(
      path.join(folder, 'vitest.config.mjs'),
      'export default { test: { include: ["*.test.mjs"] } };',
    );
    await writeFile(
      path.join(folder, 'cases.test.mjs'),
      `import { it } from 'vitest';
let tries = 0;
it('misses once', { retry: 1 }, () => {
  tries += 1;
  if (tries === 1) throw new Error('the thank-you did not show');
});
it('passes at once', { retry: 1 }, () => {});`,
    );
    const { stdout } = await run(
      path.join(root, 'node_modules', '.bin', 'vitest'),
      [
        'run',
        '--root',
        folder,
        '--config',
        path.join(folder, 'vitest.config.mjs'),
        '--reporter=default',
        `--reporter=${path.join(root, 'scripts', 'retried-tests-reporter.mjs')}`,
      ],
      { cwd: folder, env: { ...process.env, CI: 'true', NO_COLOR: '1' } },
    );

    const retried = JSON.parse(await readFile(path.join(folder, '.cache', 'vitest-retried.json'), 'utf8'));
    expect(retried).toEqual([
      { test: 'cases.test.mjs > misses once', retries: 1, errors: ['the thank-you did not show'] },
    ]);
    expect(stdout).toContain('1 test(s) passed only when tried again:');
    expect(stdout).toContain('first: the thank-you did not show');
  });
});
