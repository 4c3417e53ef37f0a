import {
  AudioBufferSource,
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  canEncodeVideo,
} from 'mediabunny';
import { addressFormOf } from '../../../../shared/cards/address-form.ts';
import { greetingText } from '../../../../shared/voice/greeting.ts';
import { textDirection } from '../../../../shared/i18n/languages.ts';
import { ensureAacEncoder } from '../../../lib/media/aac-encoder.ts';
import { fontStackOf } from '../../../lib/card-fonts.ts';
import type { KeepsakeCard, KeepsakeLabels } from './keepsake-card.ts';
import {
  CARD_GROW_SECONDS,
  COVER_STILL_SECONDS,
  COVER_SWING_SECONDS,
  FRAME_RATE,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
  baseDirection,
  captionAt,
  captionPages,
  countWords,
  easeCoverSwing,
  easeInOut,
  fitText,
  planTimeline,
  sceneAt,
  wrapLines,
  type CaptionPage,
  type SceneName,
  type Timeline,
} from './keepsake-timeline.ts';

/**
 * Draws the keepsake video on a canvas and encodes it on the device (docs/decisions/0039-video-keepsake.md):
 * mediabunny's CanvasSource through WebCodecs H.264 and its AudioBufferSource through AAC (the wasm encoder
 * where the browser has none). A separate chunk, loaded when someone asks for the video.
 */

const VIDEO_BITRATE = 2_000_000;
const AUDIO_BITRATE = 128_000;
const SAMPLE_RATE = 48_000;
const MIME_TYPE = 'video/mp4';

/** The app's colours (web/styles/app.css) and its own typeface, with its Arabic companion. */
const COLORS = {
  paper: '#fffdf8',
  plum100: '#f6e6f2',
  plum200: '#edcce6',
  plum800: '#652457',
  plum900: '#4f1d44',
  coral100: '#ffe8e1',
};
const UI_FONT = '"Nunito Variable", "Noto Kufi Arabic Variable", sans-serif';

/** The closed cover as the page shows it (3:4), centred, and the open card once it has grown to the frame. */
const COVER = { x: 415, y: 50, width: 450, height: 600 };
const PANEL = { x: 70, y: 40, width: 1140, height: 640 };
const RADIUS = 36;
/** The page's perspective (1600 px on a ~380 px card), kept in proportion on the video's cover. */
const PERSPECTIVE = 1600 * (COVER.width / 380);
const SWING_DEGREES = 160;
const SWING_STRIPS = 48;
const FADE_SECONDS = 0.4;
/**
 * The greeting scene as an open card's spread: the cover's picture on the start side (where the cover was
 * hinged), and beside it "To" and the greeting's words, large, in the page's caption box, centred in the
 * column.
 */
const SPREAD_MARGIN = 40;
const SPREAD_COVER = { width: 420, height: PANEL.height - 2 * SPREAD_MARGIN };
const SPREAD_GAP = 56;
const SPREAD_COLUMN_WIDTH = PANEL.width - SPREAD_MARGIN - SPREAD_COVER.width - 2 * SPREAD_GAP;
const CAPTION_FONT_SIZE = 46;
const CAPTION_LINE_HEIGHT = 1.35;
const CAPTION_PADDING = 28;
const CAPTION_MAX_LINES = 4;
/** A card's font size is CSS pixels on a phone-wide card; the video's card is about twice as wide. */
const MESSAGE_SCALE = 2;
/** A short message may be drawn larger than that, up to this many times the card's size, to fill the card. */
const MESSAGE_MAX_SCALE = 3;
const MESSAGE_MAX_SIZE = 88;
/** The message's box on the card, between "To" above and "From" below; the message is centred in it. */
const MESSAGE_BOX = {
  x: PANEL.x + 72,
  y: PANEL.y + 130,
  width: PANEL.width - 144,
  height: PANEL.height - 230,
};

export class KeepsakeVideoUnsupportedError extends Error {
  constructor() {
    super('This browser cannot encode H.264 video.');
    this.name = 'KeepsakeVideoUnsupportedError';
  }
}

/** Whether this device can make the video: WebCodecs with an H.264 encoder for 1280×720. */
export async function canMakeKeepsakeVideo(): Promise<boolean> {
  if (typeof VideoEncoder === 'undefined') return false;
  try {
    return await canEncodeVideo('avc', {
      width: VIDEO_WIDTH,
      height: VIDEO_HEIGHT,
      bitrate: VIDEO_BITRATE,
    });
  } catch {
    return false;
  }
}

export interface KeepsakeRenderJob {
  /** Fraction done, 0–1, in order. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** The MP4 (H.264/AAC, 1280×720, ≤ 30 s) of the card. */
export async function renderKeepsakeVideo(
  card: KeepsakeCard,
  labels: KeepsakeLabels,
  { onProgress, signal }: KeepsakeRenderJob,
): Promise<Blob> {
  if (!(await canMakeKeepsakeVideo())) throw new KeepsakeVideoUnsupportedError();
  await ensureAacEncoder(AUDIO_BITRATE);
  signal.throwIfAborted();

  const [cover, photo, greeting] = await Promise.all([
    loadImage(card.templateImageUrl),
    loadImage(card.recipientImageUrl),
    loadClip(card.greetingAudioUrl),
  ]);
  signal.throwIfAborted();
  const timeline = planTimeline({
    greetingSeconds: greeting ? greeting.duration : null,
    messageWordCount: countWords(card.message),
    hasPhoto: photo !== null,
  });
  const audio = await mixSoundtrack(greeting, timeline);
  const canvas = document.createElement('canvas');
  canvas.width = VIDEO_WIDTH;
  canvas.height = VIDEO_HEIGHT;
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new KeepsakeVideoUnsupportedError();
  const scene = await prepareScene(card, labels, { cover, photo }, timeline);
  // Both are copied at the size the video draws them: their full-size pictures need not stay decoded.
  for (const image of [cover, photo]) image?.removeAttribute('src');
  signal.throwIfAborted();

  const target = new BufferTarget();
  const output = new Output({
    // The index up front: the file starts playing before it has all arrived when shared.
    format: new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target,
  });
  const video = new CanvasSource(canvas, {
    codec: 'avc',
    bitrate: VIDEO_BITRATE,
    keyFrameInterval: 2,
  });
  const sound = new AudioBufferSource({ codec: 'aac', bitrate: AUDIO_BITRATE });
  output.addVideoTrack(video, { frameRate: FRAME_RATE });
  output.addAudioTrack(sound);
  const cancel = () => void output.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await output.start();
    // Each scene starts on a key frame: the card's edges, moving while it grew, leave no trace on a still card
    // (the encoder would otherwise keep a few stale pixels near them for the rest of the scene).
    const sceneStarts = new Set(timeline.scenes.map((scene) => Math.round(scene.start * FRAME_RATE)));
    // One second of sound at a time, alongside its frames, so the file interleaves as it is written.
    let soundUntil = 0;
    for (let frame = 0; frame < timeline.frameCount; frame++) {
      signal.throwIfAborted();
      const time = frame / FRAME_RATE;
      if (time >= soundUntil) {
        const next = Math.min(timeline.duration, soundUntil + 1);
        await sound.add(sliceBuffer(audio, soundUntil, next));
        soundUntil = next;
      }
      drawFrame(context, scene, time);
      await video.add(time, 1 / FRAME_RATE, sceneStarts.has(frame) ? { keyFrame: true } : undefined);
      onProgress(((frame + 1) / timeline.frameCount) * 0.98);
    }
    video.close();
    sound.close();
    await output.finalize();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  const buffer = target.buffer;
  if (!buffer) throw new Error('The video encoder produced no output.');
  onProgress(1);
  return new Blob([buffer], { type: MIME_TYPE });
}

/**
 * A cover or photo ready to draw. Loaded with CORS (a template may live on another host), so the canvas stays
 * readable by the encoder; one that cannot be read that way is left out (the cover then shows the page's plain
 * gradient).
 */
async function loadImage(url: string | null): Promise<HTMLImageElement | null> {
  if (!url) return null;
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = url;
  try {
    await image.decode();
    return image;
  } catch {
    return null;
  }
}

/** The greeting clip decoded at the video's rate; null when the card has none or it cannot be read. */
async function loadClip(url: string | null): Promise<AudioBuffer | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const decoder = new OfflineAudioContext(2, 1, SAMPLE_RATE);
    return await decoder.decodeAudioData(await response.arrayBuffer());
  } catch {
    // A clip that cannot be read leaves the words on screen in silence, as for a card without a voice.
    return null;
  }
}

/** The whole soundtrack: silence, with the greeting where its scene begins (always a track, even silent). */
async function mixSoundtrack(greeting: AudioBuffer | null, timeline: Timeline): Promise<AudioBuffer> {
  const mixer = new OfflineAudioContext(2, Math.ceil(timeline.duration * SAMPLE_RATE), SAMPLE_RATE);
  if (greeting && timeline.greetingAudioSeconds > 0) {
    const voice = mixer.createBufferSource();
    voice.buffer = greeting;
    voice.connect(mixer.destination);
    voice.start(timeline.greetingAudioStart, 0, timeline.greetingAudioSeconds);
  }
  return mixer.startRendering();
}

function sliceBuffer(buffer: AudioBuffer, from: number, to: number): AudioBuffer {
  const start = Math.round(from * buffer.sampleRate);
  const end = Math.min(buffer.length, Math.round(to * buffer.sampleRate));
  const slice = new AudioBuffer({
    length: Math.max(1, end - start),
    numberOfChannels: buffer.numberOfChannels,
    sampleRate: buffer.sampleRate,
  });
  for (let channel = 0; channel < buffer.numberOfChannels; channel++)
    slice.copyToChannel(buffer.getChannelData(channel).subarray(start, end), channel);
  return slice;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface TextBlock {
  font: string;
  lineHeight: number;
  lines: string[];
  direction: 'ltr' | 'rtl';
  color: string;
}

/** What every frame draws, laid out once: fonts loaded, text wrapped, the cover cut to the card's shape. */
interface PreparedScene {
  timeline: Timeline;
  cover: HTMLCanvasElement;
  /** The photo scaled once to its largest size in the video (the end of its push in). */
  photo: HTMLCanvasElement | null;
  direction: 'ltr' | 'rtl';
  to: TextBlock;
  from: TextBlock;
  message: TextBlock;
  /** The message's widest line: the message is centred on the card as a block, its lines flush to its start. */
  messageWidth: number;
  captions: CaptionPage[];
  captionFont: string;
  captionDirection: 'ltr' | 'rtl';
  /**
   * What stays still in a scene, drawn once and copied onto each of its frames: drawn anew for every frame
   * (the card's blurred shadow above all), it took most of the time the video took to make. Named
   * `<scene>:<part>` (or `shared:<part>`), and let go once their scene is over.
   */
  layers: Map<string, HTMLCanvasElement>;
}

async function prepareScene(
  card: KeepsakeCard,
  labels: KeepsakeLabels,
  images: { cover: HTMLImageElement | null; photo: HTMLImageElement | null },
  timeline: Timeline,
): Promise<PreparedScene> {
  const measurer = document.createElement('canvas').getContext('2d')!;
  const cardDirection = textDirection(card.language);
  const greeting = greetingText(card.language, card.recipientName, card.senderName, addressFormOf(card));
  const messageStack =
    card.textStyles.fontFamily === 'default' ? UI_FONT : fontStackOf(card.textStyles.fontFamily);
  const preferred = Math.max(
    card.textStyles.fontSize * MESSAGE_SCALE,
    Math.min(card.textStyles.fontSize * MESSAGE_MAX_SCALE, MESSAGE_MAX_SIZE),
  );
  const captionFont = `700 ${CAPTION_FONT_SIZE}px ${UI_FONT}`;
  const labelFont = `800 44px ${UI_FONT}`;
  const fromFont = `700 36px ${messageStack}`;
  // The faces each text needs (the card fonts' unicode ranges pick the Arabic or Cyrillic file).
  await Promise.all([
    document.fonts.load(labelFont, labels.to),
    document.fonts.load(fromFont, labels.from),
    document.fonts.load(captionFont, greeting),
    document.fonts.load(`${preferred}px ${messageStack}`, card.message),
  ]).catch(() => undefined);

  const measureWith = (font: string) => (line: string) => {
    measurer.font = font;
    return measurer.measureText(line).width;
  };
  const messageBox = { maxWidth: MESSAGE_BOX.width, maxHeight: MESSAGE_BOX.height };
  const fitted = fitText(card.message, messageBox, { preferred, minimum: 22, lineHeight: 1.35 }, (size) =>
    measureWith(`${size}px ${messageStack}`),
  );
  const measureMessage = measureWith(`${fitted.size}px ${messageStack}`);
  const messageWidth = Math.min(MESSAGE_BOX.width, Math.max(0, ...fitted.lines.map(measureMessage)));
  const captionLines = wrapLines(
    greeting,
    SPREAD_COLUMN_WIDTH - 2 * CAPTION_PADDING,
    measureWith(captionFont),
  );
  const greetingScene = timeline.scenes.find((scene) => scene.name === 'greeting')!;
  const captionEnd = timeline.greetingAudioSeconds
    ? timeline.greetingAudioStart + timeline.greetingAudioSeconds
    : greetingScene.end;
  return {
    timeline,
    cover: coverCanvas(images.cover),
    photo: images.photo && photoCanvas(images.photo),
    direction: cardDirection,
    to: {
      font: labelFont,
      lineHeight: 56,
      lines: [labels.to],
      direction: baseDirection(labels.to),
      color: COLORS.plum900,
    },
    from: {
      font: fromFont,
      lineHeight: 48,
      lines: [labels.from],
      direction: baseDirection(labels.from),
      color: COLORS.plum800,
    },
    message: {
      font: `${fitted.size}px ${messageStack}`,
      lineHeight: fitted.size * 1.35,
      lines: fitted.lines,
      direction: baseDirection(card.message),
      color: card.textStyles.color,
    },
    messageWidth,
    captions: captionPages(
      captionLines,
      CAPTION_MAX_LINES,
      greetingScene.start,
      Math.max(captionEnd, greetingScene.start + 1),
    ),
    captionFont,
    captionDirection: cardDirection,
    layers: new Map(),
  };
}

/** The cover cut to the card's 3:4 shape as the page's `object-cover` would, with the page's plain gradient
 * when the card has no cover. */
function coverCanvas(image: HTMLImageElement | null): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = COVER.width;
  canvas.height = COVER.height;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, COVER.width, COVER.height);
  gradient.addColorStop(0, COLORS.plum200);
  gradient.addColorStop(1, COLORS.coral100);
  context.fillStyle = gradient;
  context.fillRect(0, 0, COVER.width, COVER.height);
  if (image) drawCovered(context, image, { x: 0, y: 0, width: COVER.width, height: COVER.height });
  return canvas;
}

/** The photo's push in: from its size fitted to the card to this much larger. */
const PHOTO_ZOOM = 1.06;
const PHOTO_AREA = { x: PANEL.x + 72, y: PANEL.y + 48, width: PANEL.width - 144, height: PANEL.height - 160 };

/** The photo at its largest size in the video, so each frame only shrinks it a little. */
function photoCanvas(image: HTMLImageElement): HTMLCanvasElement {
  const scale = Math.min(PHOTO_AREA.width / image.width, PHOTO_AREA.height / image.height) * PHOTO_ZOOM;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.width * scale);
  canvas.height = Math.round(image.height * scale);
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * A still part of a scene, drawn the first time it is needed (a frame-sized canvas unless `size` says); `name`
 * starts with its scene's name, or `shared:`.
 */
function layer(
  scene: PreparedScene,
  name: string,
  draw: (context: CanvasRenderingContext2D) => void,
  size = { width: VIDEO_WIDTH, height: VIDEO_HEIGHT },
): HTMLCanvasElement {
  let canvas = scene.layers.get(name);
  if (!canvas) {
    canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    draw(canvas.getContext('2d')!);
    scene.layers.set(name, canvas);
  }
  return canvas;
}

/** Lets go of the still parts of the scenes that are over (a canvas's memory goes with its size). */
function releaseLayers(scene: PreparedScene, current: SceneName) {
  for (const [name, canvas] of scene.layers)
    if (!name.startsWith(`${current}:`) && !name.startsWith('shared:')) {
      canvas.width = 0;
      canvas.height = 0;
      scene.layers.delete(name);
    }
}

/** The background and the card grown to the frame, with its shadow. */
function backdrop(scene: PreparedScene): HTMLCanvasElement {
  return layer(scene, 'shared:backdrop', (context) => {
    drawBackground(context);
    drawPanel(context, PANEL);
  });
}

function drawCovered(
  context: CanvasRenderingContext2D,
  image: CanvasImageSource & { width: number; height: number },
  box: Rect,
) {
  const scale = Math.max(box.width / image.width, box.height / image.height);
  const width = box.width / scale;
  const height = box.height / scale;
  context.drawImage(
    image,
    (image.width - width) / 2,
    (image.height - height) / 2,
    width,
    height,
    box.x,
    box.y,
    box.width,
    box.height,
  );
}

function drawFrame(context: CanvasRenderingContext2D, scene: PreparedScene, time: number) {
  const { scene: current, progress } = sceneAt(scene.timeline, time);
  const into = time - current.start;
  const fade = Math.min(1, into / FADE_SECONDS);
  releaseLayers(scene, current.name);
  if (current.name === 'cover') {
    context.drawImage(layer(scene, 'cover:background', drawBackground), 0, 0);
    // Inside the cover, "To" as the page shows it; as the card grows to the frame, the greeting's spread
    // takes its place.
    const grow = Math.max(0, into - COVER_STILL_SECONDS - COVER_SWING_SECONDS) / CARD_GROW_SECONDS;
    const grown = easeInOut(Math.min(1, grow));
    const panel = lerpRect(COVER, PANEL, grown);
    drawPanel(context, panel);
    if (grown < 1) {
      context.globalAlpha = 1 - grown;
      const scale = Math.max(0.6, Math.min(1, panel.width / PANEL.width));
      drawText(
        context,
        scene.to,
        { x: panel.x + 40, y: panel.y + 44, width: panel.width - 80, height: 60 },
        'start',
        scale,
      );
    }
    if (grown > 0) {
      context.save();
      context.globalAlpha = grown;
      roundedRect(context, panel, RADIUS);
      context.clip();
      drawSpread(context, scene);
      context.restore();
    }
    context.globalAlpha = 1;
    const swing = Math.max(0, into - COVER_STILL_SECONDS) / COVER_SWING_SECONDS;
    if (swing < 1) drawCoverSwing(context, scene, easeCoverSwing(swing));
    return;
  }
  if (current.name === 'greeting') {
    context.drawImage(spread(scene), 0, 0);
    const page = captionAt(scene.captions, time);
    if (page) {
      const caption = captionLayer(scene, page);
      context.globalAlpha = fade;
      context.drawImage(caption.canvas, caption.x, caption.y);
    }
  } else if (current.name === 'message') {
    // The message fades in over the empty card: the still message scene drawn over it, more opaque each frame.
    if (fade < 1) context.drawImage(backdrop(scene), 0, 0);
    context.globalAlpha = fade;
    context.drawImage(
      layer(scene, 'message:card', (layerContext) => {
        layerContext.drawImage(backdrop(scene), 0, 0);
        drawMessage(layerContext, scene);
      }),
      0,
      0,
    );
  } else {
    context.drawImage(backdrop(scene), 0, 0);
    context.globalAlpha = fade;
    drawPhoto(context, scene, progress);
  }
  context.globalAlpha = 1;
}

/** The greeting scene without its words: the card, the cover's picture and "To". */
function spread(scene: PreparedScene): HTMLCanvasElement {
  return layer(scene, 'greeting:spread', (context) => {
    context.drawImage(backdrop(scene), 0, 0);
    drawSpread(context, scene);
  });
}

/** Where the greeting's words go beside the cover's picture, on the end side of the spread. */
function spreadColumn(scene: PreparedScene): { x: number; width: number } {
  const rtl = scene.direction === 'rtl';
  return {
    x: rtl ? PANEL.x + SPREAD_GAP : PANEL.x + SPREAD_MARGIN + SPREAD_COVER.width + SPREAD_GAP,
    width: SPREAD_COLUMN_WIDTH,
  };
}

/** The spread: the cover's picture on the start side, "To" at the top of the column beside it. */
function drawSpread(context: CanvasRenderingContext2D, scene: PreparedScene) {
  const rtl = scene.direction === 'rtl';
  const cover = {
    x: rtl ? PANEL.x + PANEL.width - SPREAD_MARGIN - SPREAD_COVER.width : PANEL.x + SPREAD_MARGIN,
    y: PANEL.y + SPREAD_MARGIN,
    ...SPREAD_COVER,
  };
  context.save();
  roundedRect(context, cover, 24);
  context.clip();
  drawCovered(context, scene.cover, cover);
  context.restore();
  drawText(context, scene.to, { ...spreadColumn(scene), y: PANEL.y + 64, height: 60 }, 'start');
}

/**
 * A page of the greeting's words as the voice says them, in the page's caption box, in the middle of the
 * column: its own canvas, and where it goes on the frame.
 */
function captionLayer(
  scene: PreparedScene,
  page: CaptionPage,
): { canvas: HTMLCanvasElement; x: number; y: number } {
  const lineHeight = CAPTION_FONT_SIZE * CAPTION_LINE_HEIGHT;
  const height = page.lines.length * lineHeight + 2 * CAPTION_PADDING;
  const top = PANEL.y + 150;
  const room = PANEL.y + PANEL.height - SPREAD_MARGIN - top;
  const { x, width } = spreadColumn(scene);
  const canvas = layer(
    scene,
    `greeting:caption ${scene.captions.indexOf(page)}`,
    (context) => {
      context.fillStyle = COLORS.plum100;
      roundedRect(context, { x: 0, y: 0, width, height }, 28);
      context.fill();
      drawText(
        context,
        {
          font: scene.captionFont,
          lineHeight,
          lines: page.lines,
          direction: scene.captionDirection,
          color: COLORS.plum900,
        },
        {
          x: CAPTION_PADDING,
          y: CAPTION_PADDING,
          width: width - 2 * CAPTION_PADDING,
          height: height - 2 * CAPTION_PADDING,
        },
        'center',
      );
    },
    { width, height: Math.ceil(height) },
  );
  return { canvas, x, y: Math.round(top + Math.max(0, (room - height) / 2)) };
}

/** "To" at the top, the message in its styles centred between it and "From" at the bottom. */
function drawMessage(context: CanvasRenderingContext2D, scene: PreparedScene) {
  drawText(
    context,
    scene.to,
    { x: PANEL.x + 72, y: PANEL.y + 44, width: PANEL.width - 144, height: 60 },
    'start',
    0.75,
  );
  const height = scene.message.lines.length * scene.message.lineHeight;
  drawText(
    context,
    scene.message,
    {
      x: MESSAGE_BOX.x + (MESSAGE_BOX.width - scene.messageWidth) / 2,
      y: MESSAGE_BOX.y + Math.max(0, (MESSAGE_BOX.height - height) / 2),
      width: scene.messageWidth,
      height,
    },
    'start',
  );
  drawText(
    context,
    scene.from,
    { x: PANEL.x + 72, y: PANEL.y + PANEL.height - 84, width: PANEL.width - 144, height: 48 },
    'end',
  );
}

/** The photo with a slow push in, as a slideshow would, and "From" under it. */
function drawPhoto(context: CanvasRenderingContext2D, scene: PreparedScene, progress: number) {
  if (!scene.photo) return;
  const zoom = (1 + (PHOTO_ZOOM - 1) * progress) / PHOTO_ZOOM;
  const width = scene.photo.width * zoom;
  const height = scene.photo.height * zoom;
  const area = PHOTO_AREA;
  // Rounded as the page rounds it, and kept within its area as it grows.
  const shown = {
    x: area.x + Math.max(0, (area.width - width) / 2),
    y: area.y + Math.max(0, (area.height - height) / 2),
    width: Math.min(area.width, width),
    height: Math.min(area.height, height),
  };
  context.save();
  roundedRect(context, shown, 24);
  context.clip();
  context.drawImage(
    scene.photo,
    area.x + (area.width - width) / 2,
    area.y + (area.height - height) / 2,
    width,
    height,
  );
  context.restore();
  drawText(
    context,
    scene.from,
    { x: PANEL.x + 72, y: PANEL.y + PANEL.height - 92, width: PANEL.width - 144, height: 48 },
    'center',
  );
}

function drawBackground(context: CanvasRenderingContext2D) {
  const gradient = context.createLinearGradient(0, 0, VIDEO_WIDTH, VIDEO_HEIGHT);
  gradient.addColorStop(0, COLORS.plum100);
  gradient.addColorStop(1, COLORS.coral100);
  context.fillStyle = gradient;
  context.fillRect(0, 0, VIDEO_WIDTH, VIDEO_HEIGHT);
}

function drawPanel(context: CanvasRenderingContext2D, rect: Rect) {
  context.save();
  context.shadowColor = 'rgba(79, 29, 68, 0.18)';
  context.shadowBlur = 40;
  context.shadowOffsetY = 12;
  context.fillStyle = COLORS.paper;
  roundedRect(context, rect, RADIUS);
  context.fill();
  context.restore();
}

/**
 * The cover swinging open on its spine (the page's `card-cover-swing`: rotateY to 160° with perspective, fading
 * to 0.2, its back hidden): drawn in vertical strips, each as far and as tall as the perspective puts it. The
 * spine is on the start side of the card's language.
 */
function drawCoverSwing(context: CanvasRenderingContext2D, scene: PreparedScene, eased: number) {
  const angle = (eased * SWING_DEGREES * Math.PI) / 180;
  if (angle >= Math.PI / 2) return;
  const rtl = scene.direction === 'rtl';
  const spine = rtl ? COVER.x + COVER.width : COVER.x;
  const centerY = COVER.y + COVER.height / 2;
  const project = (distance: number) => {
    const depth = distance * Math.sin(angle);
    const scale = PERSPECTIVE / (PERSPECTIVE - depth);
    return { offset: distance * Math.cos(angle) * scale, scale };
  };
  context.save();
  context.globalAlpha = 1 - 0.8 * eased;
  const strip = COVER.width / SWING_STRIPS;
  for (let index = 0; index < SWING_STRIPS; index++) {
    const near = project(index * strip);
    const far = project((index + 1) * strip);
    const height = COVER.height * ((near.scale + far.scale) / 2);
    const x0 = rtl ? spine - far.offset : spine + near.offset;
    const width = Math.abs(far.offset - near.offset) + 0.5;
    const source = rtl ? COVER.width - (index + 1) * strip : index * strip;
    context.drawImage(scene.cover, source, 0, strip, COVER.height, x0, centerY - height / 2, width, height);
  }
  context.restore();
}

/**
 * Lines of text in a box, from its top; 'start' and 'end' follow the text's own direction, and a right-to-left
 * line is drawn with the canvas's `direction = 'rtl'`, which orders and shapes Arabic.
 */
function drawText(
  context: CanvasRenderingContext2D,
  block: TextBlock,
  box: Rect,
  align: 'start' | 'end' | 'center',
  scale = 1,
) {
  context.save();
  context.font =
    scale === 1
      ? block.font
      : block.font.replace(/(\d+(?:\.\d+)?)px/u, (_, size: string) => `${Number(size) * scale}px`);
  context.fillStyle = block.color;
  context.direction = block.direction;
  context.textBaseline = 'top';
  const rtl = block.direction === 'rtl';
  const x =
    align === 'center' ? box.x + box.width / 2 : (align === 'start') !== rtl ? box.x : box.x + box.width;
  context.textAlign = align === 'center' ? 'center' : (align === 'start') !== rtl ? 'left' : 'right';
  block.lines.forEach((line, index) => context.fillText(line, x, box.y + index * block.lineHeight * scale));
  context.restore();
}

function roundedRect(context: CanvasRenderingContext2D, rect: Rect, radius: number) {
  context.beginPath();
  context.roundRect(rect.x, rect.y, rect.width, rect.height, radius);
}

function lerpRect(from: Rect, to: Rect, t: number): Rect {
  const lerp = (a: number, b: number) => a + (b - a) * t;
  return {
    x: lerp(from.x, to.x),
    y: lerp(from.y, to.y),
    width: lerp(from.width, to.width),
    height: lerp(from.height, to.height),
  };
}
