/**
 * Where the ffmpeg.wasm core (script and wasm, 32 MB) is served from: our own origin, never a CDN (the CSP
 * allows only 'self', and the app must work offline from the internet). vite.config.ts copies the files from
 * @ffmpeg/core into the build at this path and serves them there in development.
 */
export const FFMPEG_CORE_DIR = 'vendor/ffmpeg';
export const FFMPEG_CORE_FILES = { script: 'ffmpeg-core.js', wasm: 'ffmpeg-core.wasm' } as const;
