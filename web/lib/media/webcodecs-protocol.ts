import type { VideoCompressionErrorCode } from '../../../shared/cards/video-compression.ts';

/** What the page asks of the WebCodecs engine's worker (webcodecs.worker.ts). */
export type WorkerRequest =
  | { type: 'probe' }
  /** `stream`: send the fragmented mp4 back in chunks as it is produced, instead of whole at the end. */
  | { type: 'compress'; file: File; stream: boolean };

/** What the worker answers. */
export type WorkerMessage =
  | { type: 'probed'; canEncode: boolean }
  | { type: 'progress'; fraction: number }
  | { type: 'chunk'; data: Uint8Array; position: number }
  /** The mp4, or null when it came in chunks. */
  | { type: 'done'; file: Blob | null }
  /** `unreadable`: this engine could not read the input (another may); the code names SPEC §8's message. */
  | { type: 'failed'; unreadable: boolean; code: VideoCompressionErrorCode; reason: string };
