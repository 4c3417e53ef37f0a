import { useCallback, useEffect, useRef, useState } from 'react';
import type { FaceMatcher } from '../lib/face-matcher.ts';

/** Tries before the page offers the FAQ's tips and 'Open without face' (DESIGN §1.6). */
export const FACE_TRIES = 3;
/** How long one try looks at the camera for the recipient's face. */
const TRY_MS = 6000;

export type FacePhase =
  | { kind: 'starting' }
  | { kind: 'looking'; attempt: number }
  | { kind: 'matched' }
  | { kind: 'missed'; attempt: number }
  /** FACE_TRIES tries missed: the tips and 'Open without face'. */
  | { kind: 'gave-up' };

/** No camera (refused, missing, busy), or no way to compare (no face in the photo, the models failed). */
export type FaceUnavailable = 'camera' | 'face';

export interface FaceOpeningEvents {
  /** A frame showed the person in the photo: open the card. */
  onMatched: () => void;
  onUnavailable: (reason: FaceUnavailable) => void;
}

export interface FaceOpening {
  phase: FacePhase;
  /** The live preview: the hook gives it the camera's stream and reads its frames. */
  videoRef: React.RefObject<HTMLVideoElement | null>;
  tryAgain: () => void;
}

/** Frames of a camera and an image, one after the other: the wasm backend reads one at a time. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

async function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
    audio: false,
  });
}

/**
 * Face opening on the recipient page (DESIGN §1.6): opens the front camera and, in parallel, loads the face
 * matcher from our origin and reads the face in the recipient photo; then each try watches the camera for up
 * to TRY_MS until a frame shows the same person. Everything stays in this browser: frames are read from the
 * video element into the models and nowhere else. The camera is switched off when the tries run out and
 * when the component goes away (the card replacing it after a match).
 */
export function useFaceOpening(photoUrl: string, events: FaceOpeningEvents): FaceOpening {
  const [phase, setPhase] = useState<FacePhase>({ kind: 'starting' });
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // The running visit to the camera; a new one (another photo, React's second mount) ends the last.
  const visitRef = useRef<Visit | null>(null);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  const runTry = useCallback(async (visit: Visit) => {
    const { matcher, photo } = visit;
    const video = videoRef.current;
    if (!matcher || !photo || !video || visit.ended) return;
    const attempt = visit.misses + 1;
    setPhase({ kind: 'looking', attempt });
    const deadline = performance.now() + TRY_MS;
    while (performance.now() < deadline) {
      await nextFrame();
      if (visit.ended) return;
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) continue;
      const face = await matcher.describe(video);
      if (visit.ended) return;
      if (face && matcher.isSamePerson(face, photo)) {
        // The preview stays on behind "It's you!" until the card replaces it (and the camera goes off).
        visit.ended = true;
        setPhase({ kind: 'matched' });
        eventsRef.current.onMatched();
        return;
      }
    }
    visit.misses = attempt;
    if (attempt >= FACE_TRIES) {
      visit.end();
      setPhase({ kind: 'gave-up' });
    } else {
      setPhase({ kind: 'missed', attempt });
    }
  }, []);

  useEffect(() => {
    const visit = new Visit(videoRef);
    visitRef.current = visit;
    const camera = openCamera();
    const matcher = import('../lib/face-matcher.ts').then(async ({ createFaceMatcher }) => {
      const [created, photo] = await Promise.all([createFaceMatcher(), loadImage(photoUrl)]);
      return { matcher: created, photo: await created.describe(photo) };
    });
    // Without a camera the matcher is not awaited: its failure is then nobody's news.
    matcher.catch(() => undefined);
    void (async () => {
      try {
        visit.attach(await camera);
      } catch {
        if (!visit.ended) eventsRef.current.onUnavailable('camera');
        return;
      }
      try {
        const loaded = await matcher;
        if (!loaded.photo) throw new Error('no face in the recipient photo');
        visit.matcher = loaded.matcher;
        visit.photo = loaded.photo;
      } catch {
        if (!visit.ended) eventsRef.current.onUnavailable('face');
        visit.end();
        return;
      }
      await runTry(visit);
    })();
    return () => visit.end();
  }, [photoUrl, runTry]);

  const tryAgain = useCallback(() => {
    const visit = visitRef.current;
    if (visit && !visit.ended && visit.misses < FACE_TRIES) void runTry(visit);
  }, [runTry]);

  return { phase, videoRef, tryAgain };
}

/** One visit to the camera: its stream in the preview, the matcher and the photo's face, the tries missed. */
class Visit {
  ended = false;
  misses = 0;
  matcher: FaceMatcher | null = null;
  photo: number[] | null = null;
  private stream: MediaStream | null = null;

  constructor(private readonly videoRef: React.RefObject<HTMLVideoElement | null>) {}

  attach(stream: MediaStream): void {
    if (this.ended) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    this.stream = stream;
    const video = this.videoRef.current;
    if (video) {
      video.srcObject = stream;
      void video.play().catch(() => undefined);
    }
  }

  /** Switches the camera off; nothing more happens in this visit. */
  end(): void {
    this.ended = true;
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    const video = this.videoRef.current;
    if (video?.srcObject) video.srcObject = null;
  }
}
