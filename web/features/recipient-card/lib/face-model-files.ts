/**
 * Where face opening's files are served from (docs/decisions/0016-face-opening.md): our own origin, never a
 * CDN (the CSP allows only 'self', and nothing may load from the internet at run time). vite.config.ts copies
 * them from the npm packages into the build at these paths and serves them there in development; the page
 * fetches them only when a recipient chooses to open the card with their face.
 */
export const FACE_FILES = {
  /** @vladmandic/human's models: the face detector, the face mesh (which aligns the face) and the descriptor. */
  models: {
    dir: 'vendor/face/models',
    source: 'node_modules/@vladmandic/human/models',
    files: [
      'blazeface.json',
      'blazeface.bin',
      'facemesh.json',
      'facemesh.bin',
      'faceres.json',
      'faceres.bin',
    ],
  },
  /** TensorFlow.js's WebAssembly backend, the version bundled in @vladmandic/human. */
  wasm: {
    dir: 'vendor/face/wasm',
    source: 'node_modules/@tensorflow/tfjs-backend-wasm/dist',
    files: ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'],
  },
} as const;
