import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoredObjectNotFoundError, type FileStorage } from '../storage/file-storage.ts';
import { AppError } from './app-error.ts';

/** One `bytes=start-end` range of a file of `size` bytes; null for none or one we do not serve. */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Opens the file, answering like an unknown file if it vanished since it was looked up. */
async function openStored(storage: FileStorage, key: string, range?: { start: number; end: number }) {
  try {
    return await storage.openRead(key, range);
  } catch (error) {
    if (error instanceof StoredObjectNotFoundError) throw new AppError('not-found');
    throw error;
  }
}

/** A stored file whose name never changes content, as a route found it. */
export interface StoredFileAnswer {
  key: string;
  size: number;
  type: string;
  /** Unique per content: the file's own name serves. */
  etag: string;
  cacheControl: string;
}

/**
 * Answers a stored media file the way players expect: byte ranges (audio and video elements seek and ask for
 * `bytes=0-`), a strong ETag with 304, `nosniff`, inline. Media is already compressed: the route that calls
 * this turns compression off.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFileAnswer,
): Promise<FastifyReply> {
  const etag = `"${file.etag}"`;
  reply
    .type(file.type)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', file.cacheControl)
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', 'inline');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const range = parseByteRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(await openStored(storage, file.key, range));
  }
  return reply.header('Content-Length', String(file.size)).send(await openStored(storage, file.key));
}
