/** Where the address of a resumable upload is remembered, by the upload's fingerprint. */
export interface ResumeStore {
  get(fingerprint: string): string | null;
  set(fingerprint: string, uploadUrl: string): void;
  remove(fingerprint: string): void;
}

const PREFIX = 'winc-upload:';

/** An in-memory store, for places without localStorage. */
export function memoryResumeStore(): ResumeStore {
  const urls = new Map<string, string>();
  return {
    get: (fingerprint) => urls.get(fingerprint) ?? null,
    set: (fingerprint, url) => void urls.set(fingerprint, url),
    remove: (fingerprint) => void urls.delete(fingerprint),
  };
}

/**
 * localStorage, so an upload interrupted by a reload or a closed tab resumes where the server stopped
 * (SPEC §4). Storage that is full or blocked (private modes) degrades to resuming within the page only.
 */
export function browserResumeStore(): ResumeStore {
  if (typeof localStorage === 'undefined') return memoryResumeStore();
  const fallback = memoryResumeStore();
  return {
    get(fingerprint) {
      try {
        return localStorage.getItem(PREFIX + fingerprint) ?? fallback.get(fingerprint);
      } catch {
        return fallback.get(fingerprint);
      }
    },
    set(fingerprint, url) {
      try {
        localStorage.setItem(PREFIX + fingerprint, url);
      } catch {
        fallback.set(fingerprint, url);
      }
    },
    remove(fingerprint) {
      fallback.remove(fingerprint);
      try {
        localStorage.removeItem(PREFIX + fingerprint);
      } catch {
        // Nothing was stored there.
      }
    },
  };
}
