/**
 * A file whose bytes are still being produced, in order (a video the browser is compressing): the producer
 * appends and finally finishes it (or fails it); an upload reads what is there and waits for more. Its length
 * is known only once it is finished, which is why such an upload defers its length (tus creation-defer-length).
 */
export class GrowingFile {
  private parts: Uint8Array[] = [];
  private length = 0;
  private finished = false;
  private failure: { error: unknown } | null = null;
  private waiters = new Set<() => void>();

  constructor(readonly type: string) {}

  /** Bytes produced so far. */
  get size(): number {
    return this.length;
  }

  /** True once the producer failed: no more bytes will come. */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** True once every byte is there: `size` is then the file's length. */
  get done(): boolean {
    return this.finished;
  }

  /**
   * Adds the next bytes. A producer that writes anywhere but at the end (an mp4 whose index is patched in at
   * the start) cannot be sent while it is produced, so that fails loudly instead of sending a wrong file.
   */
  append(data: Uint8Array, position = this.length): void {
    if (this.finished || this.failure) throw new Error('The file is already finished.');
    if (position !== this.length)
      throw new Error(
        `Bytes written at ${position}, expected at ${this.length}: the output is not in order.`,
      );
    // A copy: the producer may reuse its buffer.
    this.parts.push(data.slice());
    this.length += data.byteLength;
    this.wake();
  }

  finish(): void {
    this.finished = true;
    this.wake();
  }

  /** The producer failed: whoever waits for more bytes gets its error. */
  fail(error: unknown): void {
    if (this.finished) return;
    this.failure = { error };
    this.wake();
  }

  /** Resolves once at least `bytes` are there or the file is finished; rejects when the producer failed. */
  async whenAvailable(bytes: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (this.failure) throw this.failure.error;
      if (this.finished || this.length >= bytes) return;
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          signal?.removeEventListener('abort', wake);
          resolve();
        };
        this.waiters.add(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  }

  /** Bytes [start, end) of what is there. */
  slice(start: number, end: number): Blob {
    return new Blob(this.parts as BlobPart[], { type: this.type }).slice(start, Math.min(end, this.length));
  }

  /** The whole file (once finished). */
  toBlob(): Blob {
    return new Blob(this.parts as BlobPart[], { type: this.type });
  }

  private wake() {
    for (const wake of [...this.waiters]) wake();
  }
}
