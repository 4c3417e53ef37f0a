#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in the order that fails fastest, then all vitest projects (unit,
 * server on SQLite and a throwaway PostgreSQL, browser). It ends with one line, `N passed, M failed[, K skipped]`,
 * that CI logs and humans can grep. Extra arguments go to vitest: `npm test -- server/`, `npm test -- --project
 * unit`. `--skip-checks` (ours, not vitest's) skips lint/format/typecheck/build for a quick re-run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const resultsFile = join(root, '.cache', 'vitest-results.json');
const retriedFile = join(root, '.cache', 'vitest-retried.json');

const args = process.argv.slice(2);
const skipChecks = args.includes('--skip-checks');
const vitestArgs = args.filter((arg) => arg !== '--skip-checks');

const isTty = process.stdout.isTTY;
const paint = (code, text) => (isTty ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (text) => paint('1', text);
const red = (text) => paint('31', text);
const green = (text) => paint('32', text);
const yellow = (text) => paint('33', text);

/** @param {number} ms */
function duration(ms) {
  const seconds = ms / 1000;
  return seconds < 60
    ? `${seconds.toFixed(1)} s`
    : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** @returns {Promise<number>} the exit code (1 when the command could not start or died of a signal). */
function run(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(red(`could not start ${command}: ${error.message}`));
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Like `run`, but holds the command's output (stdout and stderr, in the order they came) until it ends, so
 * two checks running at once each print theirs in one piece.
 * @returns {Promise<{ code: number; output: string }>}
 */
function runQuietly(command, commandArgs) {
  return new Promise((resolve) => {
    const env = isTty ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      output += red(`could not start ${command}: ${error.message}\n`);
      resolve({ code: 1, output });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * The check steps; each must exit 0. A step marked `alongside` starts, and the steps after it run while it
 * does; the tests wait for it. eslint is the one: a minute and a half of mostly one core, reading sources
 * only, so format, types and the build (which writes dist/, which eslint ignores) use the other core
 * meanwhile. It still prints its own output, whole, once it ends, and its failure fails the run.
 */
const checks = [
  {
    name: 'lock file in step with package.json (npm ci --dry-run)',
    command: process.execPath,
    args: [join(root, 'scripts', 'check-lock.mjs')],
  },
  { name: 'lint (eslint)', command: bin('eslint'), args: ['.'], alongside: true },
  {
    name: 'format (prettier --check)',
    command: bin('prettier'),
    args: ['--check', '.', '--log-level', 'warn'],
  },
  { name: 'typecheck (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  {
    // What `npm start` runs, and what the tests that start a server process run: the browser app (vite) and
    // the server's bundle (esbuild).
    name: 'build web app and server',
    command: process.execPath,
    args: [join(root, 'scripts', 'build.mjs')],
  },
  {
    // The same lookup/installation the e2e global setup does, but up front, so its apt-get output is not
    // interleaved with test output and a missing browser fails fast.
    name: 'browser (find or install Chromium)',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { ensureChromium } = await import(${JSON.stringify(pathToFileURL(join(root, 'e2e/support/browser.ts')).href)});
       console.log('Chromium: ' + ensureChromium());`,
    ],
  },
];

/** @type {{ name: string; ok: boolean | null; ms: number; note?: string }[]} */
const steps = [];
let failedChecks = 0;
const startedAt = performance.now();

function header(name) {
  console.log(`\n${bold(`━━ ${name} `.padEnd(78, '━'))}`);
}

/** Records a finished check in its place among the steps and prints its closing line. */
function finish(step, code, ms) {
  Object.assign(step, { ok: code === 0, ms });
  console.log(
    code === 0 ? green(`✓ ${step.name} (${duration(ms)})`) : red(`✗ ${step.name} failed (exit ${code})`),
  );
  if (code !== 0) failedChecks++;
}

/** Checks started `alongside` the ones after them, not waited for yet. */
const running = [];

for (const check of skipChecks ? [] : checks) {
  if (failedChecks > 0) {
    steps.push({ name: check.name, ok: null, ms: 0, note: 'not run: an earlier check failed' });
    continue;
  }
  const step = { name: check.name, ok: null, ms: 0 };
  steps.push(step);
  const t0 = performance.now();
  if (check.alongside) {
    console.log(`\n${bold(`━━ ${check.name}: started, its output comes when it ends`)}`);
    const done = runQuietly(check.command, check.args);
    running.push({ step, done: done.then((result) => ({ ...result, ms: performance.now() - t0 })) });
    continue;
  }
  header(check.name);
  const code = await run(check.command, check.args);
  finish(step, code, performance.now() - t0);
}
for (const { step, done } of running) {
  const { code, output, ms } = await done;
  header(step.name);
  process.stdout.write(output);
  finish(step, code, ms);
}

let passed = 0;
let failed = failedChecks;
let skipped = 0;

if (failedChecks === 0) {
  const name = `tests (vitest run${vitestArgs.length ? ` ${vitestArgs.join(' ')}` : ''})`;
  header(name);
  mkdirSync(dirname(resultsFile), { recursive: true });
  rmSync(resultsFile, { force: true });
  rmSync(retriedFile, { force: true });
  const t0 = performance.now();
  const code = await run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    '--reporter=./scripts/retried-tests-reporter.mjs',
    ...vitestArgs,
  ]);
  const ms = performance.now() - t0;
  const counts = readResults();
  passed = counts.passed;
  skipped = counts.skipped;
  // A failing file without a failing test (import error, failing hook) or a run that died (global setup,
  // unhandled error) still has to show up as a failure in the closing line.
  let testFailures = counts.failed + counts.brokenFiles;
  if (code !== 0 && testFailures === 0) testFailures = 1;
  failed += testFailures;
  steps.push({
    name,
    ok: code === 0 && testFailures === 0,
    ms,
    note: `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  });
} else {
  steps.push({ name: 'tests (vitest run)', ok: null, ms: 0, note: 'not run: a check failed' });
}

/** Counts from vitest's JSON report; zeros when vitest died before writing it. */
function readResults() {
  if (!existsSync(resultsFile)) return { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    brokenFiles,
  };
}

/** The tests that failed, then passed when tried again (`scripts/retried-tests-reporter.mjs`). */
function readRetried() {
  return existsSync(retriedFile) ? JSON.parse(readFileSync(retriedFile, 'utf8')) : [];
}

header('summary');
for (const step of steps) {
  const mark = step.ok === null ? yellow('-') : step.ok ? green('✓') : red('✗');
  const time = step.ok === null ? '' : duration(step.ms);
  console.log(`${mark} ${step.name.padEnd(48)} ${time.padStart(10)}${step.note ? `  ${step.note}` : ''}`);
}
console.log(`total ${duration(performance.now() - startedAt)}`);
if (skipped > 0) console.log(yellow(`${skipped} test(s) skipped; see the output above for why.`));
for (const { test, retries } of readRetried())
  console.log(yellow(`passed only when tried again (${retries + 1} tries): ${test}`));
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exitCode = failed > 0 ? 1 : 0;
