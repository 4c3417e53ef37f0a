import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import tailwindcss from '@tailwindcss/vite';
import { LANGUAGES } from './shared/i18n/languages.ts';
import { STRING_PARTS, stringPartModule, type StringPart } from './shared/i18n/string-parts.ts';
import { FACE_FILES } from './web/features/recipient-card/lib/face-model-files.ts';
import { FFMPEG_CORE_DIR, FFMPEG_CORE_FILES } from './web/lib/media/ffmpeg-core-files.ts';
import { UI_FONT_STYLESHEETS } from './web/lib/ui-font-files.ts';
import { PAGE_CODE, type WebPage } from './shared/pages/page-code.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

interface VendorFiles {
  /** Where the files are served, below the site's root. */
  dir: string;
  /** Where they are in the project. */
  source: string;
  files: readonly string[];
}

/**
 * Files of npm packages that the browser fetches by URL rather than importing, served from our own origin:
 * copied into the build at their `dir` and served there by the dev server. Nothing imports them, so they cost
 * nothing until used: the ffmpeg.wasm core (docs/decisions/0008-video-compression.md) when the video
 * compression falls back to ffmpeg, the face models and TensorFlow's wasm (docs/decisions/0016-face-opening.md)
 * when a recipient opens a card with their face.
 */
function vendorFiles(groups: readonly VendorFiles[]): Plugin {
  const sourceOf = (group: VendorFiles, name: string) =>
    fileURLToPath(new URL(`./${group.source}/${name}`, import.meta.url));
  return {
    name: 'winc:vendor-files',
    configureServer(server) {
      for (const group of groups) {
        server.middlewares.use(`/${group.dir}`, (request, response, next) => {
          const name = path.posix.basename((request.url ?? '').split('?')[0] ?? '');
          if (!group.files.includes(name)) return next();
          response.setHeader('Content-Type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
          fs.createReadStream(sourceOf(group, name)).pipe(response);
        });
      }
    },
    generateBundle() {
      for (const group of groups) {
        for (const name of group.files) {
          this.emitFile({
            type: 'asset',
            fileName: `${group.dir}/${name}`,
            source: fs.readFileSync(sourceOf(group, name)),
          });
        }
      }
    },
  };
}

/**
 * The recipient page (`/c/{id}`, and a guest's own link `/i/{token}`) is a page of its own (`web/recipient.html`,
 * docs/decisions/0018-first-paint.md), which the server serves for those paths; the dev server does the same.
 */
function recipientPage(): Plugin {
  return {
    name: 'winc:recipient-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (/^\/[ci]\/[^/?]+\/?(?:\?|$)/.test(request.url ?? '')) request.url = '/recipient.html';
        next();
      });
    },
  };
}

const STRINGS_PREFIX = 'virtual:strings/';

/** The subtrees of a locale file at dotted paths (a section, or a group of keys inside one), merged. */
function pickStrings(
  strings: Record<string, unknown>,
  paths: readonly string[],
  file: string,
): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const dotted of paths) {
    const keys = dotted.split('.');
    let from: unknown = strings;
    let to = picked;
    keys.forEach((key, index) => {
      from = (from as Record<string, unknown> | undefined)?.[key];
      if (from === undefined) throw new Error(`${file} has nothing at ${dotted}`);
      if (index === keys.length - 1) to[key] = from;
      else to = (to[key] ??= {}) as Record<string, unknown>;
    });
  }
  return picked;
}

function stringPartOf(name: string): StringPart {
  if (!Object.hasOwn(STRING_PARTS, name)) throw new Error(`${name} is not in shared/i18n/string-parts.ts`);
  return name as StringPart;
}

/**
 * The strings in parts (`shared/i18n/string-parts.ts`, docs/decisions/0024-own-translator.md):
 * `virtual:strings/<part>` is a part with a loader per language, each a module of its own
 * (`file.json?strings=<part>`: only the part's subtrees of the locale file, `strings-<language>-<part>` in the
 * build), so a page's chunks carry only the text it shows, in the language shown.
 */
function localeParts(): Plugin {
  return {
    name: 'winc:locale-parts',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(STRINGS_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${STRINGS_PREFIX}`)) {
        const part = stringPartOf(id.slice(STRINGS_PREFIX.length + 1));
        const loaders = LANGUAGES.map((language) => {
          // A path, not a URL: the query is part of the module's id.
          const module = path.join(import.meta.dirname, stringPartModule(part, language));
          return `${language}: () => import(${JSON.stringify(module)})`;
        });
        return `export default { part: ${JSON.stringify(part)}, load: { ${loaders.join(', ')} } };`;
      }
      const [file, query = ''] = id.split('?');
      const part = new URLSearchParams(query).get('strings');
      if (part === null || !file?.endsWith('.json')) return null;
      this.addWatchFile(file);
      const strings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = pickStrings(strings, STRING_PARTS[stringPartOf(part)], file);
      return { code: `export default ${JSON.stringify(picked)};`, moduleType: 'js' };
    },
  };
}

const UI_FONT_FACES = 'virtual:ui-font-faces';

/**
 * `virtual:ui-font-faces`: the @font-face rules of the app's typefaces as data for the FontFace API, each file
 * by its built URL. The page adds the faces itself once those its text needs have loaded: declared in a
 * stylesheet instead, the page would be laid out again when they are declared and again when they arrive.
 */
function uiFontFaces(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'winc:ui-font-faces',
    resolveId(id) {
      return id === UI_FONT_FACES ? `\0${id}` : null;
    },
    load(id) {
      if (id !== `\0${UI_FONT_FACES}`) return null;
      const imports: string[] = [];
      const faces: string[] = [];
      for (const stylesheet of UI_FONT_STYLESHEETS) {
        const file = require.resolve(stylesheet);
        this.addWatchFile(file);
        for (const [, rule = ''] of fs.readFileSync(file, 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)) {
          const value = (name: string) => {
            const found = new RegExp(`${name}:\\s*([^;]+);`).exec(rule)?.[1]?.trim();
            if (found === undefined) throw new Error(`${stylesheet}: a face without ${name}`);
            return found;
          };
          const fontFile = path.resolve(path.dirname(file), /url\(([^)]+)\)/.exec(value('src'))?.[1] ?? '');
          const url = `url${faces.length}`;
          imports.push(`import ${url} from ${JSON.stringify(`${fontFile}?url`)};`);
          faces.push(
            `{ family: ${JSON.stringify(value('font-family').replace(/^'|'$/g, ''))}, ` +
              `file: ${JSON.stringify(path.basename(fontFile, '.woff2'))}, url: ${url}, descriptors: ` +
              JSON.stringify({
                style: value('font-style'),
                weight: value('font-weight'),
                unicodeRange: value('unicode-range'),
                display: value('font-display'),
              }) +
              ' }',
          );
        }
      }
      return `${imports.join('\n')}\nexport default [\n${faces.join(',\n')}\n];`;
    },
  };
}

/** A part's strings in a language are named after both (`strings-en-app-….js`), the other chunks as usual. */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const strings = /\/(\w+)\.json\?strings=(\w+)$/.exec(chunk.facadeModuleId ?? '');
  return strings ? `assets/strings-${strings[1]}-${strings[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

/**
 * The modules each page starts with (shared/pages/page-code.ts), as the build's module graph links them: the
 * static imports from the page's entry and from the sources the server names in it. Filled once the graph is
 * complete, before chunks are made, for the chunk groups below: `entry`, what the entries' scripts import;
 * `recipient`, a share link's page; `app`, the app's frame and the pages a newcomer lands on (home, a
 * category, a style). Neither of the last two holds an entry's modules (an entry would load the group's
 * chunk with it) nor a page's named sources (the build's manifest names a page's code by them, so each stays
 * a chunk of its own).
 */
function firstLoadModules(): Plugin & { has(part: 'entry' | 'recipient' | 'app', id: string): boolean } {
  const webRoot = fileURLToPath(new URL('./web/', import.meta.url));
  const sets = { entry: new Set<string>(), recipient: new Set<string>(), app: new Set<string>() };
  return {
    name: 'winc:first-load-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const closure = (keys: readonly string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        for (const key of keys) visit(path.join(webRoot, key));
        return seen;
      };
      const codes = Object.values(PAGE_CODE);
      const entries = [...new Set(codes.map((code) => code.entry))];
      const entryModules = closure(entries);
      const entryScripts = new Set(
        entries.flatMap((entry) => [
          path.join(webRoot, entry),
          ...(this.getModuleInfo(path.join(webRoot, entry))?.importedIds ?? []),
        ]),
      );
      const sources = new Set(codes.flatMap((code) => code.sources.map((key) => path.join(webRoot, key))));
      const modulesOf = (pages: readonly WebPage[]) =>
        new Set(
          [...closure(pages.flatMap((page) => [PAGE_CODE[page].entry, ...PAGE_CODE[page].sources]))].filter(
            (id) => !entryModules.has(id) && !sources.has(id),
          ),
        );
      sets.entry = new Set([...entryModules].filter((id) => !entryScripts.has(id)));
      sets.recipient = modulesOf(['recipient']);
      sets.app = modulesOf(['other', 'home', 'category', 'style']);
    },
    has(part, id) {
      // Styles and the strings (a module per language, loaded in the language shown) keep their own chunks.
      if (/\.css($|\?)/.test(id) || id.includes('?strings=') || id.startsWith('\0')) return false;
      return sets[part].has(id);
    },
  };
}

const firstLoad = firstLoadModules();

/** A plugin for the browser's build only: the server's renderer needs no vendor files. */
function browserOnly(plugin: Plugin): Plugin {
  return { ...plugin, applyToEnvironment: (environment) => environment.name === 'client' };
}

const FFMPEG_CORE: VendorFiles = {
  dir: FFMPEG_CORE_DIR,
  source: 'node_modules/@ffmpeg/core/dist/esm',
  files: Object.values(FFMPEG_CORE_FILES),
};

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    recipientPage(),
    localeParts(),
    uiFontFaces(),
    firstLoad,
    browserOnly(vendorFiles([FFMPEG_CORE, FACE_FILES.models, FACE_FILES.wasm])),
    // Text assets compressed once, at the strongest settings, and served as they are (the server picks the
    // encoding a browser accepts). The vendor files are left out: megabytes of wasm and model weights that
    // only the video and face features fetch, for which brotli 11 would add minutes to every build.
    compression({
      include: /\.(js|css|svg|json)$/,
      exclude: [/^vendor\//, /^\.vite\//],
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  // `vite build` builds both: the browser app, and the server's renderer of its pages
  // (docs/decisions/0018-first-paint.md), which imports its packages from node_modules at run time.
  builder: {},
  environments: {
    ssr: {
      // The icons the pages use go into the renderer; the package's entry would load all of its ~4,800
      // icon modules (~40 MB and a quarter of a second on the first page the server renders).
      resolve: { noExternal: ['lucide-react'] },
      build: {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: { input: fileURLToPath(new URL('./web/entry-server.tsx', import.meta.url)) },
      },
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Two pages: the app, and a share link's recipient page with its own, lighter entry.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        recipient: fileURLToPath(new URL('./web/recipient.html', import.meta.url)),
      },
      output: {
        chunkFileNames: chunkFileName,
        // A page's first load in a few chunks. Automatic splitting cuts it into a chunk per set of pages that
        // share a module: for home some sixty files of a few hundred bytes, each compressed alone and each a
        // request of a phone. Grouped, they compress together (home: 143 KB as served in 60 files, 129 KB in
        // 11). The libraries keep a chunk each, and their names (and the browser's cache) across releases of
        // the app's own code: React for both entries, the router and the query library for the app's (a share
        // link's page has neither). Then what a share link's page shares with the app; and the app's frame
        // with the pages a newcomer lands on, which every app page loads (the other pages' own code is small
        // beside them). A page loaded later imports from these what it shares with them.
        codeSplitting: {
          groups: [
            {
              name: 'entry-shared',
              // With Vite's helper that preloads a dynamic import's chunks, which every entry's script uses.
              test: (id) => firstLoad.has('entry', id) || id === '\0vite/preload-helper.js',
              priority: 5,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            { name: 'app-libraries', test: /node_modules[\\/](react-router|@tanstack)[\\/]/, priority: 3 },
            {
              name: 'first-load-shared',
              test: (id) => firstLoad.has('recipient', id) && firstLoad.has('app', id),
              priority: 2,
            },
            { name: 'app-first-pages', test: (id) => firstLoad.has('app', id), priority: 1 },
          ],
        },
      },
    },
    // Which chunks each route needs: the server names them in the page so they load with it, not after it.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    // Two big chunks load only on demand: the AAC encoder (~1 MB, its wasm inlined) when a video's sound must
    // be re-encoded, the face matcher (~1.6 MB, TensorFlow.js) when a recipient opens a card with their face.
    chunkSizeWarningLimit: 1600,
  },
  // The video engine's worker as a module: the AAC encoder it imports only when it needs it stays a chunk of
  // its own (an IIFE worker would carry it, ~1 MB, to every compression).
  worker: { format: 'es' },
  optimizeDeps: {
    // Pre-bundling would move @ffmpeg/ffmpeg away from its worker.js, which it starts by a relative URL.
    exclude: ['@ffmpeg/ffmpeg'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
});
