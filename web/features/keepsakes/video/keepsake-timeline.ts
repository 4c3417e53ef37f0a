/**
 * The keepsake video's course (DESIGN §1.21): the cover opening as on the recipient page, the greeting's voice
 * with its words burned in, the message in its styles, then the photo — never longer than 30 s. Pure, so the
 * timing and the caption layout are tested without a browser; the renderer draws what this decides.
 */

export const VIDEO_WIDTH = 1280;
export const VIDEO_HEIGHT = 720;
export const FRAME_RATE = 30;
export const MAX_VIDEO_SECONDS = 30;

/** The closed cover before it moves, then its swing (the page's 900 ms), then the card growing to the frame. */
export const COVER_STILL_SECONDS = 0.8;
export const COVER_SWING_SECONDS = 0.9;
export const CARD_GROW_SECONDS = 0.6;
/** A card with no greeting clip still shows its greeting's words, silent, for this long. */
export const SILENT_GREETING_SECONDS = 3;
/** A breath after the greeting's last word before the message. */
const GREETING_TAIL_SECONDS = 0.5;
/** Time to read the message: a base plus a time per word, bounded both ways. */
const MESSAGE_BASE_SECONDS = 2.5;
const MESSAGE_SECONDS_PER_WORD = 0.32;
const MESSAGE_MIN_SECONDS = 4;
const MESSAGE_MAX_SECONDS = 12;
export const PHOTO_SECONDS = 4;

export type SceneName = 'cover' | 'greeting' | 'message' | 'photo';

export interface Scene {
  name: SceneName;
  start: number;
  end: number;
}

export interface Timeline {
  scenes: Scene[];
  /** When the greeting's clip starts playing, in seconds from the start. */
  greetingAudioStart: number;
  /** How much of the clip plays (it is cut if it would run past its scene). */
  greetingAudioSeconds: number;
  duration: number;
  frameCount: number;
}

export interface TimelineInput {
  /** The greeting clip's length, or null when the card has no clip (the words show in silence). */
  greetingSeconds: number | null;
  messageWordCount: number;
  hasPhoto: boolean;
}

/** Reading time for a message of this many words. */
export function messageSeconds(wordCount: number): number {
  const seconds = MESSAGE_BASE_SECONDS + wordCount * MESSAGE_SECONDS_PER_WORD;
  return Math.min(MESSAGE_MAX_SECONDS, Math.max(MESSAGE_MIN_SECONDS, seconds));
}

/** Words as a reader counts them, in any script. */
export function countWords(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}

/**
 * The scenes one after another. Whatever the clip's length, the whole stays within 30 s: the opening and the
 * photo keep their time and the greeting gives way first (its clip is then cut), then the message.
 */
export function planTimeline({ greetingSeconds, messageWordCount, hasPhoto }: TimelineInput): Timeline {
  const opening = COVER_STILL_SECONDS + COVER_SWING_SECONDS + CARD_GROW_SECONDS;
  const photo = hasPhoto ? PHOTO_SECONDS : 0;
  let message = messageSeconds(messageWordCount);
  const heard = greetingSeconds ?? 0;
  let greeting = greetingSeconds === null ? SILENT_GREETING_SECONDS : heard + GREETING_TAIL_SECONDS;
  const room = MAX_VIDEO_SECONDS - opening - photo;
  if (greeting + message > room) {
    greeting = Math.max(SILENT_GREETING_SECONDS, room - message);
    message = Math.min(message, room - greeting);
  }
  const durations: [SceneName, number][] = [
    ['cover', opening],
    ['greeting', greeting],
    ['message', message],
    ['photo', photo],
  ];
  const scenes: Scene[] = [];
  let at = 0;
  for (const [name, length] of durations) {
    if (length <= 0) continue;
    scenes.push({ name, start: at, end: at + length });
    at += length;
  }
  // Whole frames, so the video's last frame ends where the last scene does.
  const frameCount = Math.round(at * FRAME_RATE);
  return {
    scenes,
    greetingAudioStart: opening,
    greetingAudioSeconds: Math.min(heard, greeting),
    duration: frameCount / FRAME_RATE,
    frameCount,
  };
}

/** The scene shown at `time`, and how far into it (0–1). */
export function sceneAt(timeline: Timeline, time: number): { scene: Scene; progress: number } {
  const scene =
    timeline.scenes.find((candidate) => time < candidate.end) ?? timeline.scenes[timeline.scenes.length - 1]!;
  const length = scene.end - scene.start;
  return { scene, progress: length > 0 ? Math.min(1, Math.max(0, (time - scene.start) / length)) : 1 };
}

/**
 * Breaks text into lines no wider than `maxWidth` as `measure` reports widths (the canvas's measureText, which
 * shapes Arabic). Lines break between words and keep the text's own line breaks; a single word wider than the
 * line is left whole on its own line (the caller shrinks the font when that happens). Words stay in logical
 * order, so a right-to-left line drawn with `direction = 'rtl'` reads correctly.
 */
export function wrapLines(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/u)) {
    const words = paragraph.split(/[ \t]+/u).filter((word) => word !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = words[0]!;
    for (const word of words.slice(1)) {
      const candidate = `${line} ${word}`;
      if (measure(candidate) <= maxWidth) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface CaptionPage {
  lines: string[];
  start: number;
  end: number;
}

/**
 * Burned-in captions: the greeting's words in pages of at most `maxLines` lines, each page on screen for a
 * share of the time proportional to its characters (the voice speaks at an even pace).
 */
export function captionPages(lines: string[], maxLines: number, start: number, end: number): CaptionPage[] {
  const groups: string[][] = [];
  for (let index = 0; index < lines.length; index += maxLines)
    groups.push(lines.slice(index, index + maxLines));
  const weights = groups.map((group) => Math.max(1, group.join(' ').length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const pages: CaptionPage[] = [];
  let at = start;
  groups.forEach((group, index) => {
    const length = ((end - start) * weights[index]!) / total;
    pages.push({ lines: group, start: at, end: index === groups.length - 1 ? end : at + length });
    at += length;
  });
  return pages;
}

/** The caption page on screen at `time`; null outside them. */
export function captionAt(pages: CaptionPage[], time: number): CaptionPage | null {
  return pages.find((page) => time >= page.start && time < page.end) ?? null;
}

/**
 * The largest font size, from `preferred` down to `minimum`, at which the text wrapped to `maxWidth` fits in
 * `maxHeight` (line height `lineHeight` × size) with no word wider than the line; `minimum` when none does.
 */
export function fitText(
  text: string,
  box: { maxWidth: number; maxHeight: number },
  sizes: { preferred: number; minimum: number; lineHeight: number },
  measureAt: (size: number) => (line: string) => number,
): { size: number; lines: string[] } {
  for (let size = sizes.preferred; size > sizes.minimum; size -= 2) {
    const measure = measureAt(size);
    const lines = wrapLines(text, box.maxWidth, measure);
    const fits =
      lines.length * size * sizes.lineHeight <= box.maxHeight &&
      lines.every((line) => measure(line) <= box.maxWidth);
    if (fits) return { size, lines };
  }
  return { size: sizes.minimum, lines: wrapLines(text, box.maxWidth, measureAt(sizes.minimum)) };
}

/** The cover's swing as CSS eases it (`cubic-bezier(0.45, 0.05, 0.25, 1)`): eased progress for linear `t`. */
export function easeCoverSwing(t: number): number {
  return cubicBezier(0.45, 0.05, 0.25, 1, t);
}

/** Smooth in and out, for the card growing to the frame. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

function cubicBezier(x1: number, y1: number, x2: number, y2: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const at = (a: number, b: number, s: number) => 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3;
  // Solve x(s) = x by bisection (monotonic for these control points), then read y(s).
  let low = 0;
  let high = 1;
  for (let step = 0; step < 30; step++) {
    const mid = (low + high) / 2;
    if (at(x1, x2, mid) < x) low = mid;
    else high = mid;
  }
  return at(y1, y2, (low + high) / 2);
}

/**
 * The direction a text takes by itself, as `dir="auto"` decides it on the page: that of its first letter
 * (Arabic or Hebrew: right to left).
 */
export function baseDirection(text: string): 'ltr' | 'rtl' {
  const first = /\p{L}/u.exec(text)?.[0];
  return first && /[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(first) ? 'rtl' : 'ltr';
}
