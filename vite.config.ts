import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { FFMPEG_CORE_DIR, FFMPEG_CORE_FILES } from './web/lib/media/ffmpeg-core-files.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

const FFMPEG_CORE_SOURCE = fileURLToPath(new URL('./node_modules/@ffmpeg/core/dist/esm/', import.meta.url));
const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

/**
 * The ffmpeg.wasm core from our own origin (docs/decisions/0008-video-compression.md): copied into the build
 * at /vendor/ffmpeg/ and served there by the dev server. Nothing imports the files, so they cost nothing until
 * the video compression falls back to ffmpeg.
 */
function ffmpegCore(): Plugin {
  return {
    name: 'winc:ffmpeg-core',
    configureServer(server) {
      server.middlewares.use(`/${FFMPEG_CORE_DIR}`, (request, response, next) => {
        const name = path.posix.basename((request.url ?? '').split('?')[0] ?? '');
        if (!(Object.values(FFMPEG_CORE_FILES) as string[]).includes(name)) return next();
        response.setHeader('Content-Type', CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
        fs.createReadStream(path.join(FFMPEG_CORE_SOURCE, name)).pipe(response);
      });
    },
    generateBundle() {
      for (const name of Object.values(FFMPEG_CORE_FILES)) {
        this.emitFile({
          type: 'asset',
          fileName: `${FFMPEG_CORE_DIR}/${name}`,
          source: fs.readFileSync(path.join(FFMPEG_CORE_SOURCE, name)),
        });
      }
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), ffmpegCore()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // The AAC encoder's chunk (~1 MB, its wasm inlined) loads only when a video's sound must be re-encoded.
    chunkSizeWarningLimit: 1024,
  },
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
