import { describe, expect, it } from 'vitest';
import {
  microphoneProblemOf,
  pickRecorderMimeType,
  recordingFileName,
  takeToFile,
} from './use-media-recorder.ts';

describe('pickRecorderMimeType', () => {
  it('prefers Opus in WebM, then AAC in MP4 (Safari)', () => {
    expect(pickRecorderMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecorderMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
  });

  it('lets the browser choose when none of them is supported', () => {
    expect(pickRecorderMimeType(() => false)).toBe('');
  });
});

describe('recordingFileName', () => {
  it('names the file after its container', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('voice-message.webm');
    expect(recordingFileName('audio/mp4')).toBe('voice-message.m4a');
    expect(recordingFileName('audio/ogg; codecs=opus')).toBe('voice-message.ogg');
    expect(recordingFileName('')).toBe('voice-message.webm');
  });
});

describe('takeToFile', () => {
  it('makes an audio File without the codec parameter', () => {
    const file = takeToFile({ blob: new Blob(['abc']), mimeType: 'audio/webm;codecs=opus' }, 0);
    expect(file.name).toBe('voice-message.webm');
    expect(file.type).toBe('audio/webm');
    expect(file.size).toBe(3);
  });

  it('corrects audio-only output labelled as video', () => {
    expect(takeToFile({ blob: new Blob(['a']), mimeType: 'video/webm' }).type).toBe('audio/webm');
  });
});

describe('microphoneProblemOf', () => {
  const named = (name: string) => new DOMException('x', name);

  it('tells a refusal from a missing or busy microphone', () => {
    expect(microphoneProblemOf(named('NotAllowedError'))).toBe('denied');
    expect(microphoneProblemOf(named('SecurityError'))).toBe('denied');
    expect(microphoneProblemOf(named('NotFoundError'))).toBe('no-microphone');
    expect(microphoneProblemOf(named('NotReadableError'))).toBe('busy');
    expect(microphoneProblemOf(named('NotSupportedError'))).toBe('unsupported');
    expect(microphoneProblemOf(new Error('boom'))).toBe('failed');
    expect(microphoneProblemOf('nope')).toBe('failed');
  });
});
