import { VideoCompressionError } from '../../../shared/cards/video-compression.ts';
import { UnreadableInputError, type EngineJob, type VideoEngine } from './engine.ts';
import type { WorkerMessage, WorkerRequest } from './webcodecs-protocol.ts';

/**
 * The main engine (DESIGN §4), mediabunny over WebCodecs, run in a worker of its own (webcodecs.worker.ts) so
 * that the page stays free while it compresses: the sender writes the rest of the card meanwhile. This side
 * relays progress and the mp4's chunks to the caller; cancelling ends the worker.
 */
export async function loadWebCodecsEngine(): Promise<VideoEngine | null> {
  if (typeof Worker === 'undefined' || typeof VideoEncoder === 'undefined') return null;
  const worker = new Worker(new URL('./webcodecs.worker.ts', import.meta.url), { type: 'module' });
  const send = (request: WorkerRequest) => worker.postMessage(request);
  const canEncode = await new Promise<boolean>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
      if (data.type === 'probed') resolve(data.canEncode);
    };
    worker.onerror = (event) => reject(new Error(event.message || 'The compression worker did not start.'));
    send({ type: 'probe' });
  }).catch((error: unknown) => {
    worker.terminate();
    throw error;
  });
  if (!canEncode) {
    worker.terminate();
    return null;
  }
  return {
    name: 'webcodecs',
    compress: (file, job) => compressIn(worker, send, file, job),
    dispose: () => worker.terminate(),
  };
}

function compressIn(
  worker: Worker,
  send: (request: WorkerRequest) => void,
  file: File,
  { onProgress, signal, output }: EngineJob,
): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(signal.reason as Error);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    const settle = () => signal.removeEventListener('abort', stop);
    worker.onerror = (event) => {
      settle();
      reject(new Error(event.message || 'The compression worker failed.'));
    };
    worker.onmessage = ({ data: message }: MessageEvent<WorkerMessage>) => {
      switch (message.type) {
        case 'progress':
          onProgress(message.fraction);
          return;
        case 'chunk':
          output?.append(message.data, message.position);
          return;
        case 'done':
          settle();
          resolve(message.file ?? output!.toBlob());
          return;
        case 'failed':
          settle();
          reject(
            message.unreadable
              ? new UnreadableInputError(message.reason)
              : new VideoCompressionError(message.code, message.reason),
          );
          return;
        case 'probed':
          return;
      }
    };
    send({ type: 'compress', file, stream: output !== undefined });
  });
}
