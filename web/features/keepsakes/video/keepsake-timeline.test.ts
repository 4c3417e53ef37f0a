import { describe, expect, it } from 'vitest';
import {
  FRAME_RATE,
  MAX_VIDEO_SECONDS,
  PHOTO_SECONDS,
  SILENT_GREETING_SECONDS,
  baseDirection,
  captionAt,
  captionPages,
  countWords,
  easeCoverSwing,
  fitText,
  planTimeline,
  sceneAt,
  wrapLines,
} from './keepsake-timeline.ts';

/** A monospace stand-in for the canvas: every character is `width` wide. */
const mono =
  (width = 10) =>
  (line: string) =>
    [...line].length * width;

describe('planTimeline', () => {
  it('runs cover, greeting, message and photo one after another, the voice starting with the greeting', () => {
    const timeline = planTimeline({ greetingSeconds: 3.2, messageWordCount: 12, hasPhoto: true });
    expect(timeline.scenes.map((scene) => scene.name)).toEqual(['cover', 'greeting', 'message', 'photo']);
    timeline.scenes.slice(1).forEach((scene, index) => expect(scene.start).toBe(timeline.scenes[index]!.end));
    const greeting = timeline.scenes[1]!;
    expect(timeline.greetingAudioStart).toBe(greeting.start);
    expect(timeline.greetingAudioSeconds).toBe(3.2);
    expect(greeting.end - greeting.start).toBeGreaterThan(3.2);
    expect(timeline.scenes[3]!.end - timeline.scenes[3]!.start).toBe(PHOTO_SECONDS);
    expect(timeline.frameCount).toBe(Math.round(timeline.scenes[3]!.end * FRAME_RATE));
    expect(timeline.duration).toBeCloseTo(timeline.scenes[3]!.end, 1);
  });

  it('has no photo scene without a photo, and shows the greeting silently without a clip', () => {
    const timeline = planTimeline({ greetingSeconds: null, messageWordCount: 5, hasPhoto: false });
    expect(timeline.scenes.map((scene) => scene.name)).toEqual(['cover', 'greeting', 'message']);
    const greeting = timeline.scenes[1]!;
    expect(greeting.end - greeting.start).toBeCloseTo(SILENT_GREETING_SECONDS);
    expect(timeline.greetingAudioSeconds).toBe(0);
  });

  it('never runs past 30 s: a long clip is cut, a long message shortened, the photo kept', () => {
    const timeline = planTimeline({ greetingSeconds: 40, messageWordCount: 200, hasPhoto: true });
    expect(timeline.duration).toBeLessThanOrEqual(MAX_VIDEO_SECONDS);
    const [, greeting, message, photo] = timeline.scenes;
    expect(timeline.greetingAudioSeconds).toBeLessThanOrEqual(greeting!.end - greeting!.start);
    expect(message!.end - message!.start).toBeGreaterThan(0);
    expect(photo!.end - photo!.start).toBe(PHOTO_SECONDS);
  });

  it('gives a longer message more time to read, within bounds', () => {
    const short = planTimeline({ greetingSeconds: 2, messageWordCount: 3, hasPhoto: false });
    const long = planTimeline({ greetingSeconds: 2, messageWordCount: 25, hasPhoto: false });
    const length = (timeline: typeof short) => timeline.scenes[2]!.end - timeline.scenes[2]!.start;
    expect(length(long)).toBeGreaterThan(length(short));
    expect(length(planTimeline({ greetingSeconds: 2, messageWordCount: 1000, hasPhoto: false }))).toBe(12);
  });
});

describe('sceneAt', () => {
  it('names the scene on screen and how far into it, the last scene holding at the end', () => {
    const timeline = planTimeline({ greetingSeconds: 2, messageWordCount: 10, hasPhoto: true });
    expect(sceneAt(timeline, 0)).toMatchObject({ scene: { name: 'cover' }, progress: 0 });
    const message = timeline.scenes[2]!;
    const middle = sceneAt(timeline, (message.start + message.end) / 2);
    expect(middle.scene.name).toBe('message');
    expect(middle.progress).toBeCloseTo(0.5);
    expect(sceneAt(timeline, timeline.duration + 1)).toMatchObject({ scene: { name: 'photo' }, progress: 1 });
  });
});

describe('wrapLines', () => {
  it('breaks between words to fit the width, keeping the text’s own line breaks', () => {
    expect(wrapLines('one two three four\nfive', 100, mono())).toEqual(['one two', 'three four', 'five']);
  });

  it('keeps a word wider than the line whole, and an empty line as a line', () => {
    expect(wrapLines('a extraordinarily b\n\nc', 50, mono())).toEqual(['a', 'extraordinarily', 'b', '', 'c']);
  });

  it('keeps Arabic words in logical order (the canvas lays the line out right to left)', () => {
    expect(wrapLines('عيد ميلاد سعيد يا بو', 100, mono())).toEqual(['عيد ميلاد', 'سعيد يا بو']);
  });
});

describe('captionPages', () => {
  it('shows at most two lines at a time, each page for a share of the time by its length', () => {
    const pages = captionPages(['aaaa', 'bbbb', 'cccc', 'dd'], 2, 2, 8);
    expect(pages.map((page) => page.lines)).toEqual([
      ['aaaa', 'bbbb'],
      ['cccc', 'dd'],
    ]);
    expect(pages[0]!.start).toBe(2);
    expect(pages[0]!.end).toBeCloseTo(pages[1]!.start);
    expect(pages[0]!.end - pages[0]!.start).toBeGreaterThan(pages[1]!.end - pages[1]!.start);
    expect(pages[1]!.end).toBe(8);
    expect(captionAt(pages, 2.5)?.lines).toEqual(['aaaa', 'bbbb']);
    expect(captionAt(pages, 7.9)?.lines).toEqual(['cccc', 'dd']);
    expect(captionAt(pages, 8)).toBeNull();
    expect(captionAt(pages, 1)).toBeNull();
  });
});

describe('fitText', () => {
  it('keeps the card’s size when the message fits, and shrinks it until it does', () => {
    const measureAt = (size: number) => mono(size / 2);
    const box = { maxWidth: 400, maxHeight: 100 };
    const sizes = { preferred: 40, minimum: 20, lineHeight: 1.25 };
    expect(fitText('Happy birthday', box, sizes, measureAt)).toEqual({ size: 40, lines: ['Happy birthday'] });
    const long = fitText('Happy birthday dear friend, with all our love and more', box, sizes, measureAt);
    expect(long.size).toBeLessThan(40);
    expect(long.lines.length * long.size * 1.25).toBeLessThanOrEqual(100);
  });
});

describe('small helpers', () => {
  it('counts words in any script', () => {
    expect(countWords('  Happy  birthday,\nBo! ')).toBe(3);
    expect(countWords('عيد ميلاد سعيد')).toBe(3);
  });

  it('takes a text’s direction from its first letter, as dir="auto" does', () => {
    expect(baseDirection('عيد ميلاد سعيد, Bo')).toBe('rtl');
    expect(baseDirection('🎂 С днём рождения')).toBe('ltr');
    expect(baseDirection('Bo, عيد ميلاد سعيد')).toBe('ltr');
  });

  it('eases the cover’s swing as the page’s CSS does: from 0 to 1, slow at the start', () => {
    expect(easeCoverSwing(0)).toBe(0);
    expect(easeCoverSwing(1)).toBe(1);
    expect(easeCoverSwing(0.2)).toBeLessThan(0.2);
    expect(easeCoverSwing(0.5)).toBeGreaterThan(0.4);
  });
});
