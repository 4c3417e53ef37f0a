import { describe, expect, it } from 'vitest';
import { MB } from '../../../../../shared/cards/card-media.ts';
import ar from '../../../../../shared/i18n/locales/ar.json';
import en from '../../../../../shared/i18n/locales/en.json';
import ru from '../../../../../shared/i18n/locales/ru.json';
import { createTranslator } from '../../../../../shared/i18n/translator.ts';
import { VIDEO_TIPS, VIDEO_TOOLS } from './file-too-large-dialog.tsx';
import {
  CARD_SAVE_ERROR_CODES,
  COMPRESSION_ERROR_CODES,
  allMediaMessageKeys,
  cardSaveErrorKey,
  classifyCardSaveFailure,
  compressionErrorMessage,
  fileTooLargeMessage,
  storageErrorMessage,
  uploadRetryFailedMessage,
  videoTooLargeMessage,
  type MediaMessage,
} from './media-error-messages.ts';
import { UPLOAD_ERROR_CODES } from '../../../../lib/uploads/upload-error.ts';
import { recipientImageProblem } from './recipient-image-field.tsx';
import { PROGRESS_STEPS, UPLOAD_ITEM_PHASES, UPLOAD_STEPS } from './upload-progress-dialog.tsx';
import { MICROPHONE_PROBLEM_KEYS, voiceFileProblem } from './voice-message-field.tsx';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

const flat = { en: flatten(en), ar: flatten(ar), ru: flatten(ru) };
type Lng = keyof typeof flat;

/** The text of a key in a language, taking a plural key's "other" form. */
function text(lng: Lng, key: string): string | undefined {
  return flat[lng].get(key) ?? flat[lng].get(`${key}_other`);
}

const { t } = createTranslator('en', en);

/** English rendering of a message, as the app shows it. */
function english(message: MediaMessage): string {
  return t(message.key, message.values);
}

/** Keys the media components build from lists rather than write out (the locale test only sees literal keys). */
const templatedKeys = [
  ...UPLOAD_STEPS.map((step) => `cardMedia.progress.title.${step}`),
  ...UPLOAD_STEPS.map((step) => `cardMedia.progress.status.${step}`),
  ...PROGRESS_STEPS.map((step) => `cardMedia.progress.steps.${step}`),
  ...UPLOAD_ITEM_PHASES.map((phase) => `cardMedia.progress.phase.${phase}`),
  ...(['image', 'video', 'audio'] as const).map((kind) => `cardMedia.progress.kind.${kind}`),
  ...VIDEO_TOOLS.map((tool) => `cardMedia.tooLarge.tools.${tool}`),
  ...VIDEO_TIPS.map((tip) => `cardMedia.tooLarge.tips.${tip}`),
  ...Object.values(MICROPHONE_PROBLEM_KEYS),
  'cardMedia.image.notImage',
  'cardMedia.voice.notAudio',
];

describe('media messages', () => {
  it('every key the media code can produce exists in en, ar and ru', () => {
    for (const key of [...allMediaMessageKeys(), ...templatedKeys])
      for (const lng of ['en', 'ar', 'ru'] as const) expect(text(lng, key), `${lng} ${key}`).toBeTruthy();
  });

  it('maps every storage, compression and card-save code', () => {
    for (const code of UPLOAD_ERROR_CODES) expect(storageErrorMessage(code).key).toMatch(/^cardMedia\./);
    for (const code of COMPRESSION_ERROR_CODES)
      expect(compressionErrorMessage(code, 'x').key).toMatch(/^cardMedia\./);
    for (const code of CARD_SAVE_ERROR_CODES) expect(cardSaveErrorKey(code)).toBeTruthy();
  });

  it("speaks SPEC §8's English exactly", () => {
    expect(english(storageErrorMessage('unauthorized'))).toBe('You do not have permission to upload files.');
    expect(english(storageErrorMessage('canceled'))).toBe('Upload was cancelled.');
    expect(english(storageErrorMessage('unknown'))).toBe('An unknown error occurred during upload.');
    expect(english(storageErrorMessage('unauthenticated'))).toBe('User is not authenticated.');
    expect(english(storageErrorMessage('retry-limit-exceeded'))).toBe('Maximum retry limit exceeded.');
    expect(english(uploadRetryFailedMessage(3, 'Upload was cancelled.'))).toBe(
      'Upload failed after 3 attempts: Upload was cancelled.',
    );
    expect(english(compressionErrorMessage('engine-load-failed'))).toBe(
      'Video compression engine failed to load. Please refresh and try again.',
    );
    expect(english(compressionErrorMessage('out-of-memory'))).toBe(
      'Video file is too large to process. Please try a smaller video file.',
    );
    expect(english(compressionErrorMessage('unsupported-format'))).toBe(
      'Video format not supported. Please try a different video file.',
    );
    expect(english(compressionErrorMessage('failed', 'encoder closed'))).toBe(
      'Video compression failed: encoder closed',
    );
    expect(english({ key: cardSaveErrorKey('permission-denied') })).toBe(
      'Permission denied. Please check your internet connection and try again.',
    );
    expect(english({ key: cardSaveErrorKey('unavailable') })).toBe(
      'Service temporarily unavailable. Please try again in a moment.',
    );
    expect(english({ key: cardSaveErrorKey('storage') })).toBe(
      'File upload failed. Please check your internet connection and try again.',
    );
    expect(english({ key: cardSaveErrorKey('database') })).toBe('Database error. Please try again.');
    expect(english({ key: cardSaveErrorKey('generic') })).toBe('Something went wrong. Please try again.');
  });

  it("speaks SPEC §5's video message exactly", () => {
    expect(english(videoTooLargeMessage('45.2'))).toBe(
      'Video file is too large (45.2 MB). Maximum allowed size is 30MB. Please compress your video before uploading.',
    );
  });

  it('names the limit of the kind for a file that is too large', () => {
    expect(fileTooLargeMessage('image').values).toEqual({ max: 20 });
    expect(storageErrorMessage('file-too-large', 'audio').values).toEqual({ max: 20 });
  });

  it('treats an unrecognised storage code as the unknown error', () => {
    expect(storageErrorMessage('something-new').key).toBe('cardMedia.storageErrors.unknown');
  });

  it('does not say "failed: " with nothing after it', () => {
    expect(compressionErrorMessage('failed', '  ').key).toBe(
      'cardMedia.compressionErrors.failedWithoutReason',
    );
  });

  it('has the retry summary in every plural form the three languages need', () => {
    for (const lng of ['en', 'ar', 'ru'] as const)
      for (const category of new Intl.PluralRules(lng).resolvedOptions().pluralCategories)
        expect(
          flat[lng].has(`cardMedia.storageErrors.failedAfterAttempts_${category}`),
          `${lng} ${category}`,
        ).toBe(true);
  });
});

describe('classifyCardSaveFailure', () => {
  it("follows SPEC §8's order", () => {
    expect(classifyCardSaveFailure({ code: 'permission-denied', message: 'storage' })).toBe(
      'permission-denied',
    );
    expect(classifyCardSaveFailure({ code: 'unavailable' })).toBe('unavailable');
    expect(classifyCardSaveFailure({ code: 'service-unavailable' })).toBe('unavailable');
    expect(classifyCardSaveFailure({ message: 'Storage write failed' })).toBe('storage');
    expect(classifyCardSaveFailure({ message: 'Firestore: aborted' })).toBe('database');
    expect(classifyCardSaveFailure({ message: 'database is locked' })).toBe('database');
    expect(classifyCardSaveFailure({})).toBe('generic');
  });
});

describe('chosen file checks', () => {
  it('accepts only image files within the limit as the recipient image', () => {
    expect(recipientImageProblem({ type: 'image/png', size: MB })).toBeNull();
    expect(recipientImageProblem({ type: 'application/pdf', size: MB })?.key).toBe(
      'cardMedia.image.notImage',
    );
    expect(recipientImageProblem({ type: 'image/png', size: 21 * MB })?.key).toBe(
      'cardMedia.storageErrors.fileTooLarge',
    );
  });

  it('accepts only audio files within the limit as the voice message', () => {
    expect(voiceFileProblem({ type: 'audio/mpeg', size: MB })).toBeNull();
    expect(voiceFileProblem({ type: 'video/mp4', size: MB })?.key).toBe('cardMedia.voice.notAudio');
    expect(voiceFileProblem({ type: 'audio/mpeg', size: 21 * MB })?.key).toBe(
      'cardMedia.storageErrors.fileTooLarge',
    );
  });
});
