import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where a worker thread or a child process of the server starts. Run from its TypeScript sources (tsx in
 * development, vitest in tests), the server starts the source file; run from its production build
 * (`scripts/build.mjs`), which writes every entry point as `{name}.js` in one folder with the chunks they
 * share, the built entry of the same name beside the calling code.
 */
export function entryPoint(callerUrl: string, sourcePath: string): URL {
  if (callerUrl.endsWith('.ts')) return new URL(sourcePath, callerUrl);
  return new URL(`./${path.posix.basename(sourcePath, '.ts')}.js`, callerUrl);
}

/**
 * The Node flags to start `entry` with: `inherited` plus tsx's loader when the entry is TypeScript (unless
 * they hold it already, as under `node --import tsx`).
 */
export function entryPointFlags(entry: URL, inherited: readonly string[] = []): string[] {
  if (!entry.pathname.endsWith('.ts') || inherited.some((flag) => flag.includes('tsx')))
    return [...inherited];
  return [...inherited, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
}

/**
 * The flags of a worker thread at `entry`: none given (undefined), so that it inherits its parent's as Node
 * narrows them for a thread, unless tsx's loader must be added to a TypeScript entry. Given explicitly, the
 * parent's V8 and process flags (`--max-old-space-size`, `--expose-gc`) would stop the thread from starting.
 */
export function workerFlags(
  entry: URL,
  parentFlags: readonly string[] = process.execArgv,
): string[] | undefined {
  const flags = entryPointFlags(entry, parentFlags);
  return flags.length > parentFlags.length ? flags : undefined;
}
