/// <reference lib="webworker" />
import { toVideoCompressionError } from '../../../shared/cards/video-compression.ts';
import { UnreadableInputError } from './engine.ts';
import { canEncodeH264, convert } from './webcodecs-conversion.ts';
import type { WorkerMessage, WorkerRequest } from './webcodecs-protocol.ts';

/**
 * The WebCodecs engine's worker: one compression per worker, which the page ends (terminates) to cancel it.
 * Failures are classified here, where the original error is, and cross as SPEC §8's code and a reason.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async ({ data: request }: MessageEvent<WorkerRequest>) => {
  if (request.type === 'probe') {
    post({ type: 'probed', canEncode: await canEncodeH264().catch(() => false) });
    return;
  }
  try {
    const file = await convert(request.file, {
      onProgress: (fraction) => post({ type: 'progress', fraction }),
      signal: new AbortController().signal,
      ...(request.stream
        ? {
            sink: (data: Uint8Array, position: number) => {
              // A copy: the muxer may reuse its buffer once the write returns.
              const chunk = data.slice();
              post({ type: 'chunk', data: chunk, position }, [chunk.buffer]);
            },
          }
        : {}),
    });
    post({ type: 'done', file });
  } catch (error) {
    const failure = toVideoCompressionError(error);
    post({
      type: 'failed',
      unreadable: error instanceof UnreadableInputError,
      code: failure.code,
      reason: failure.reason,
    });
  }
};
