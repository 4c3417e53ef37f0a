import type { CardMediaKind } from '../../../shared/cards/card-media.ts';

/**
 * Files being uploaded, kept in IndexedDB until the server has them, so an upload cut short by a reload, a
 * closed tab or a crash finishes by itself when the app opens again (SPEC §4; "nothing a user made is ever
 * lost"). The upload address is remembered separately (resume-store.ts), so the upload goes on from the
 * server's offset. Everything here is best effort: without IndexedDB (private modes) the app works as before.
 */
export interface PendingUpload {
  /** The upload's fingerprint (card-media-upload.ts `uploadFingerprint`). */
  fingerprint: string;
  cardId: string;
  kind: CardMediaKind;
  fileName: string;
  /** What is sent: the file, or the original of a video whose compression was cut short (`compressFirst`). */
  file: Blob;
  /**
   * The upload was sent while the video was compressed and the page went away before the compression ended:
   * the compression starts again and the upload starts from zero (the new output need not be the same bytes).
   */
  compressFirst?: boolean;
  savedAt: number;
}

const DATABASE = 'winc-uploads';
const STORE = 'pending';

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'fingerprint' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const database = await open();
  if (!database) return null;
  try {
    return await new Promise<T | null>((resolve) => {
      const transaction = database.transaction(STORE, mode);
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(null);
      transaction.onabort = () => resolve(null);
    });
  } finally {
    database.close();
  }
}

export async function savePendingUpload(upload: PendingUpload): Promise<void> {
  await run('readwrite', (store) => store.put(upload));
}

export async function removePendingUpload(fingerprint: string): Promise<void> {
  await run('readwrite', (store) => store.delete(fingerprint));
}

export async function listPendingUploads(): Promise<PendingUpload[]> {
  return ((await run('readonly', (store) => store.getAll())) as PendingUpload[] | null) ?? [];
}
