import { Human, type Config } from '@vladmandic/human';
import { FACE_FILES } from './face-model-files.ts';

/**
 * Face opening's comparison (DESIGN §1.6, docs/decisions/0016-face-opening.md), entirely in this browser:
 * @vladmandic/human finds the face in the recipient photo and in a camera frame and compares their
 * descriptors. Nothing it reads or computes is sent anywhere. This module is loaded only when a recipient
 * chooses to open a card with their face: it brings TensorFlow.js (≈ 2 MB) and the models (≈ 9 MB).
 */

/**
 * Similarity (0–1, the library's default normalisation) from which two faces are one person. Measured here:
 * different people 0.24–0.30, the same face re-framed and darkened 0.91–0.92; the library calls 0.5 a match.
 * 0.6 keeps different people well apart while forgiving a phone camera in poor light and an older photo.
 */
export const SAME_PERSON_SIMILARITY = 0.6;

const CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `/${FACE_FILES.wasm.dir}/`,
  modelBasePath: `/${FACE_FILES.models.dir}/`,
  // Keeps the models in this browser's storage, so a second visit starts at once.
  cacheModels: true,
  warmup: 'none',
  // Every frame is read afresh: a result cached from an earlier frame would compare an old face.
  cacheSensitivity: 0,
  // Human's image filters draw through WebGL, which not every phone offers; the face models need none.
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 1 },
    mesh: { enabled: true },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: true },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
};

export type FaceImage = HTMLImageElement | HTMLVideoElement | HTMLCanvasElement;

export interface FaceMatcher {
  /** The descriptor of the most prominent face in the image, or null when it shows no face. */
  describe(image: FaceImage): Promise<number[] | null>;
  /** Whether two descriptors are of the same person. */
  isSamePerson(a: number[], b: number[]): boolean;
}

/** Loads the library's backend and the three face models from our origin. */
export async function createFaceMatcher(): Promise<FaceMatcher> {
  const human = new Human(CONFIG);
  await human.load();
  return {
    async describe(image) {
      const result = await human.detect(image);
      return result.face[0]?.embedding ?? null;
    },
    isSamePerson(a, b) {
      return human.match.similarity(a, b) >= SAME_PERSON_SIMILARITY;
    },
  };
}
