import type { Readable } from 'node:stream';
import { AVATAR_MAX_SIZE_PX } from '../../../shared/accounts/accounts.contract.ts';
import { accountsApi } from '../../../shared/api-paths.ts';
import { ACCOUNT_RATE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import { loadSharp } from '../../platform/media/sharp.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { UsersRepository } from './users.repository.ts';

/** Where avatars are served from; the file name is the storage name under profileImages/. */
const AVATAR_URL_PREFIX = accountsApi.avatarFile.route.replace(':file', '');
const STORAGE_FOLDER = 'profileImages/';
/** `{uid}_{timestamp}.webp`, SPEC §7's profileImages/{uid}_{timestamp} plus the format. */
const AVATAR_FILE_PATTERN = /^[A-Za-z0-9-]{8,64}_\d{10,16}\.webp$/;
/** Formats accepted by content (the Content-Type is not trusted); never SVG. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);
const MAX_INPUT_PIXELS = 50_000_000;

export type AvatarService = ReturnType<typeof createAvatarService>;

export function createAvatarService(deps: {
  users: UsersRepository;
  storage: FileStorage;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
  log: { warn(object: object, message: string): void };
}) {
  const { users, storage, rateLimiter, now, log } = deps;

  const notAnImage = () =>
    new AppError('unsupported-media-type', 'Please choose an image file (JPEG, PNG, WebP or GIF).');

  /** The storage key of one of our avatar URLs, or null for anything else (a Google picture, none). */
  function storageKeyOf(url: string | null): string | null {
    if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
    const file = url.slice(AVATAR_URL_PREFIX.length);
    return AVATAR_FILE_PATTERN.test(file) ? `${STORAGE_FOLDER}${file}` : null;
  }

  return {
    storageKeyOf,

    /**
     * Sets the user's avatar from an uploaded image: checked by content (an image format sharp can read, not
     * SVG), turned upright, cropped to a square of at most 512 px and re-encoded to WebP without any metadata
     * (EXIF, GPS, ICC comments). The previous avatar file is deleted. Answers the new avatar URL. Limited per
     * user (`rate-limited`).
     */
    async uploadAvatar(userId: string, bytes: Buffer): Promise<string> {
      await rateLimiter.consume(`avatar:user:${userId}`, ACCOUNT_RATE_LIMITS.avatarUpload);
      if (bytes.length === 0) throw notAnImage();
      const sharp = await loadSharp();
      let format: string | undefined;
      try {
        format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
      } catch {
        throw notAnImage();
      }
      if (!format || !IMAGE_FORMATS.has(format)) throw notAnImage();

      let encoded: Buffer;
      try {
        encoded = await sharp(bytes, { pages: 1, limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(AVATAR_MAX_SIZE_PX, AVATAR_MAX_SIZE_PX, { fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw notAnImage();
      }

      const at = now();
      const file = `${userId}_${at.getTime()}.webp`;
      await storage.write(`${STORAGE_FOLDER}${file}`, encoded);
      const url = accountsApi.avatarFile(file);
      const previous = await users.replaceImage(userId, url, at);
      const previousKey = storageKeyOf(previous);
      if (previousKey && previous !== url) {
        await storage.delete(previousKey).catch((error: unknown) => {
          log.warn({ err: error, key: previousKey }, 'could not delete the previous avatar');
        });
      }
      return url;
    },

    /** The stored avatar of a served file name; `image-not-found` also for names that are not avatar names. */
    async openAvatar(file: string): Promise<{ body: Readable; size: number }> {
      const key = `${STORAGE_FOLDER}${file}`;
      const stat = AVATAR_FILE_PATTERN.test(file) ? await storage.stat(key) : null;
      if (!stat) throw new AppError('image-not-found');
      return { body: await storage.openRead(key), size: stat.size };
    },
  };
}
