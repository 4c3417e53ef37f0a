// `npm start`: builds the browser app when its sources changed since the last build, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.WEB_DIST_DIR ?? 'dist/web');
const stampFile = path.join(distDir, '.build-stamp');
const inputs = ['web', 'shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

/** A fingerprint of everything the web build reads: paths, sizes and modification times. */
function fingerprint() {
  const hash = crypto.createHash('sha1');
  const visit = (entry) => {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return;
    const stats = fs.statSync(full);
    if (stats.isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) {
        if (child === 'node_modules' || child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue;
        visit(path.join(entry, child));
      }
    } else {
      hash.update(`${entry}:${stats.size}:${stats.mtimeMs}\n`);
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}

const current = fingerprint();
const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (built !== current || !fs.existsSync(path.join(distDir, 'index.html'))) {
  console.log('Building the web app…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, `${current}\n`);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, WEB_DIST_DIR: distDir },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
