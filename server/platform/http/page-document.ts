import fs from 'node:fs';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../../../shared/pages/page-data.contract.ts';

/**
 * The pages whose code the server names in their HTML. The browser app loads its frame and each page's code
 * on demand; named in the page, they download with the entry script instead of after it has run.
 */
export type WebPage = 'home' | 'category' | 'style' | 'recipient' | 'other';

/** Source files of the web app (keys of Vite's build manifest) each page starts with. */
export const PAGE_SOURCES: Record<WebPage, readonly string[]> = {
  home: ['app/layout/app-layout.tsx', 'app/layout/route-error.tsx', 'app/routes/home.route.tsx'],
  category: ['app/layout/app-layout.tsx', 'app/layout/route-error.tsx', 'app/routes/category.route.tsx'],
  style: ['app/layout/app-layout.tsx', 'app/layout/route-error.tsx', 'app/routes/style.route.tsx'],
  recipient: [
    'app/layout/recipient-layout.tsx',
    'app/layout/route-error.tsx',
    'app/routes/recipient-card.route.tsx',
  ],
  other: ['app/layout/app-layout.tsx', 'app/layout/route-error.tsx'],
};

/** The page a browser path opens, as far as its code goes. */
export function webPageOf(pathname: string): WebPage {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/category/')) return 'category';
  if (pathname.startsWith('/style/')) return 'style';
  if (pathname.startsWith('/c/')) return 'recipient';
  return 'other';
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface PageParts {
  page: WebPage;
  /** Tags for the head (preloads, meta), already escaped. */
  head?: readonly string[];
  /** Replaces `<title>` (the title itself is among `head`). */
  replaceTitle?: boolean;
  /** Attributes of `<html>` (`lang`, `dir`), already escaped. */
  htmlAttributes?: string;
  data?: PageData;
}

/** JSON inside a `<script>` element: `<` escaped so the text can never close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The chunks (JS and CSS) a set of manifest entries needs, in load order, without the entry's own. */
export function pageAssets(manifest: Manifest, sources: readonly string[]) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const visited = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.push(chunk.file);
    styles.push(...(chunk.css ?? []));
  };
  if (entryKey) visit(entryKey);
  const alreadyInPage = new Set(scripts);
  const alreadyStyled = new Set(styles);
  for (const source of sources) visit(source);
  return {
    scripts: scripts.filter((file) => !alreadyInPage.has(file)),
    styles: [...new Set(styles)].filter((file) => !alreadyStyled.has(file)),
    entryScripts: [...alreadyInPage],
  };
}

export type PageDocuments = ReturnType<typeof createPageDocuments>;

/**
 * The built app's index.html for a page: its frame's and page's chunks preloaded, the page's own head tags
 * (a share link's preview tags, an image the first screen shows) and the data of its first screen. Null when
 * the app is not built. The build is read again when index.html changes (a rebuild).
 */
export function createPageDocuments(webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  let build: { modifiedMs: number; html: string; manifest: Manifest } | null = null;

  async function readBuild() {
    try {
      const stat = await fs.promises.stat(indexFile);
      if (build?.modifiedMs !== stat.mtimeMs) {
        const html = await fs.promises.readFile(indexFile, 'utf8');
        let manifest: Manifest = {};
        try {
          manifest = JSON.parse(await fs.promises.readFile(manifestFile, 'utf8')) as Manifest;
        } catch {
          // A build without a manifest still serves its pages, without the preloads.
        }
        build = { modifiedMs: stat.mtimeMs, html, manifest };
      }
      return build;
    } catch {
      return null;
    }
  }

  return {
    async render(parts: PageParts): Promise<string | null> {
      const current = await readBuild();
      if (!current) return null;
      const assets = pageAssets(current.manifest, PAGE_SOURCES[parts.page]);
      const tags = [
        ...(parts.head ?? []),
        ...assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
        ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
      ];
      let html = current.html;
      if (parts.htmlAttributes) html = html.replace(/<html[^>]*>/, `<html ${parts.htmlAttributes}>`);
      if (parts.replaceTitle) {
        html = html
          .replace(/<meta\s+name="description"[^>]*>/s, '')
          .replace(/<title>[^<]*<\/title>/, () => tags.join('\n    '));
      } else if (tags.length > 0) {
        html = html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`);
      }
      if (parts.data) {
        const block = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(parts.data)}</script>`;
        html = html.replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${block}`);
      }
      return html;
    },
  };
}
