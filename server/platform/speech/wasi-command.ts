/**
 * Just enough of WASI preview1 to run a command-line program compiled to WASI (flite) entirely in memory:
 * arguments, a clock, stdout/stderr captured, and one preopened directory whose files live in a Map. Node's
 * own `node:wasi` is not used: a garbage collection during one of its fast API calls crashes the process (an
 * open Node bug, see docs/decisions/0012-speech-engines.md; here a process segfaulted about one time in three
 * after a few flite runs), it prints an ExperimentalWarning, and it needs a real directory on disk.
 */

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;
const ERRNO_NOENT = 44;
const ERRNO_SPIPE = 70;

const FILETYPE_CHARACTER_DEVICE = 2;
const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;

const OFLAGS_CREAT = 1;
const OFLAGS_TRUNC = 8;

const ALL_RIGHTS = 0xffff_ffff_ffff_ffffn;
const PREOPEN_FD = 3;
const PREOPEN_NAME = new TextEncoder().encode('.');

/** Thrown inside `proc_exit` to unwind out of the module; never escapes `runWasiCommand`. */
class ProcessExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** A growable in-memory file with a cursor. */
class MemoryFile {
  data = new Uint8Array(0);
  size = 0;
  position = 0;

  write(bytes: Uint8Array): void {
    const end = this.position + bytes.length;
    if (end > this.data.length) {
      const grown = new Uint8Array(Math.max(end, this.data.length * 2, 64 * 1024));
      grown.set(this.data.subarray(0, this.size));
      this.data = grown;
    }
    this.data.set(bytes, this.position);
    this.position = end;
    this.size = Math.max(this.size, end);
  }

  read(length: number): Uint8Array {
    const chunk = this.data.subarray(this.position, Math.min(this.size, this.position + length));
    this.position += chunk.length;
    return chunk;
  }

  contents(): Uint8Array {
    return this.data.slice(0, this.size);
  }
}

/** Output streams keep only their start: enough for an error message, never a memory hog. */
const STREAM_LIMIT = 16 * 1024;

export interface WasiCommandResult {
  exitCode: number;
  /** Files the program created or rewrote in its directory, by name. */
  files: Map<string, Uint8Array>;
  stdout: string;
  stderr: string;
}

/**
 * Runs a WASI command module once: `args[0]` is the program name, files named in `args` are relative to the
 * module's only preopened directory, which starts empty. A fresh instance every time (a WASI command's
 * `_start` may run once per instance); compile the module once and reuse it.
 */
export function runWasiCommand(module: WebAssembly.Module, args: readonly string[]): WasiCommandResult {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const encodedArgs = args.map((arg) => encoder.encode(`${arg}\0`));
  const files = new Map<string, MemoryFile>();
  const openFiles = new Map<number, MemoryFile>();
  const streams = new Map<number, number[]>([
    [1, []],
    [2, []],
  ]);
  let nextFd = PREOPEN_FD + 1;

  // `memory` is the instance's, created below; the imports only run once it exists.
  const view = () => new DataView(memory.buffer);
  const bytes = (pointer: number, length: number) => new Uint8Array(memory.buffer, pointer, length);

  /** Calls `visit` with each buffer of an iovec array; returns the bytes handled. */
  const eachIovec = (iovs: number, count: number, visit: (buffer: Uint8Array) => number): number => {
    let total = 0;
    for (let index = 0; index < count; index++) {
      const pointer = view().getUint32(iovs + index * 8, true);
      const length = view().getUint32(iovs + index * 8 + 4, true);
      const handled = visit(bytes(pointer, length));
      total += handled;
      if (handled < length) break;
    }
    return total;
  };

  const imports = {
    args_sizes_get(countPointer: number, sizePointer: number): number {
      view().setUint32(countPointer, encodedArgs.length, true);
      view().setUint32(
        sizePointer,
        encodedArgs.reduce((sum, arg) => sum + arg.length, 0),
        true,
      );
      return ERRNO_SUCCESS;
    },
    args_get(argvPointer: number, bufferPointer: number): number {
      let offset = bufferPointer;
      encodedArgs.forEach((arg, index) => {
        view().setUint32(argvPointer + index * 4, offset, true);
        bytes(offset, arg.length).set(arg);
        offset += arg.length;
      });
      return ERRNO_SUCCESS;
    },
    clock_time_get(_clockId: number, _precision: bigint, timePointer: number): number {
      view().setBigUint64(timePointer, process.hrtime.bigint(), true);
      return ERRNO_SUCCESS;
    },
    fd_prestat_get(fd: number, pointer: number): number {
      if (fd !== PREOPEN_FD) return ERRNO_BADF;
      view().setUint8(pointer, 0);
      view().setUint32(pointer + 4, PREOPEN_NAME.length, true);
      return ERRNO_SUCCESS;
    },
    fd_prestat_dir_name(fd: number, pointer: number, length: number): number {
      if (fd !== PREOPEN_FD) return ERRNO_BADF;
      bytes(pointer, Math.min(length, PREOPEN_NAME.length)).set(PREOPEN_NAME.subarray(0, length));
      return ERRNO_SUCCESS;
    },
    fd_fdstat_get(fd: number, pointer: number): number {
      const type =
        fd === PREOPEN_FD
          ? FILETYPE_DIRECTORY
          : openFiles.has(fd)
            ? FILETYPE_REGULAR_FILE
            : fd <= 2
              ? FILETYPE_CHARACTER_DEVICE
              : undefined;
      if (type === undefined) return ERRNO_BADF;
      view().setUint8(pointer, type);
      view().setUint16(pointer + 2, 0, true);
      view().setBigUint64(pointer + 8, ALL_RIGHTS, true);
      view().setBigUint64(pointer + 16, ALL_RIGHTS, true);
      return ERRNO_SUCCESS;
    },
    fd_fdstat_set_flags(fd: number): number {
      return openFiles.has(fd) || fd <= 2 ? ERRNO_SUCCESS : ERRNO_BADF;
    },
    path_open(
      dirFd: number,
      _lookupFlags: number,
      pathPointer: number,
      pathLength: number,
      openFlags: number,
      _rightsBase: bigint,
      _rightsInheriting: bigint,
      _fdFlags: number,
      fdPointer: number,
    ): number {
      if (dirFd !== PREOPEN_FD) return ERRNO_BADF;
      const name = decoder.decode(bytes(pathPointer, pathLength));
      let file = files.get(name);
      if (!file) {
        if (!(openFlags & OFLAGS_CREAT)) return ERRNO_NOENT;
        file = new MemoryFile();
        files.set(name, file);
      } else if (openFlags & OFLAGS_TRUNC) {
        file.size = 0;
      }
      file.position = 0;
      const fd = nextFd++;
      openFiles.set(fd, file);
      view().setUint32(fdPointer, fd, true);
      return ERRNO_SUCCESS;
    },
    fd_write(fd: number, iovs: number, count: number, writtenPointer: number): number {
      const file = openFiles.get(fd);
      const stream = streams.get(fd);
      if (!file && !stream) return ERRNO_BADF;
      const written = eachIovec(iovs, count, (buffer) => {
        if (file) file.write(buffer);
        else if (stream!.length < STREAM_LIMIT)
          stream!.push(...buffer.subarray(0, STREAM_LIMIT - stream!.length));
        return buffer.length;
      });
      view().setUint32(writtenPointer, written, true);
      return ERRNO_SUCCESS;
    },
    fd_read(fd: number, iovs: number, count: number, readPointer: number): number {
      const file = openFiles.get(fd);
      if (!file && fd !== 0) return ERRNO_BADF;
      const read = eachIovec(iovs, count, (buffer) => {
        if (!file) return 0;
        const chunk = file.read(buffer.length);
        buffer.set(chunk);
        return chunk.length;
      });
      view().setUint32(readPointer, read, true);
      return ERRNO_SUCCESS;
    },
    fd_seek(fd: number, offset: bigint, whence: number, positionPointer: number): number {
      const file = openFiles.get(fd);
      if (!file) return fd <= 2 ? ERRNO_SPIPE : ERRNO_BADF;
      const base = whence === 0 ? 0 : whence === 1 ? file.position : whence === 2 ? file.size : undefined;
      if (base === undefined) return ERRNO_INVAL;
      const position = base + Number(offset);
      if (position < 0) return ERRNO_INVAL;
      file.position = position;
      view().setBigUint64(positionPointer, BigInt(position), true);
      return ERRNO_SUCCESS;
    },
    fd_close(fd: number): number {
      if (!openFiles.delete(fd)) return fd <= PREOPEN_FD ? ERRNO_SUCCESS : ERRNO_BADF;
      return ERRNO_SUCCESS;
    },
    proc_exit(code: number): never {
      throw new ProcessExit(code);
    },
  };

  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: imports });
  const memory = instance.exports.memory as WebAssembly.Memory;

  let exitCode = 0;
  try {
    (instance.exports._start as () => void)();
  } catch (error) {
    if (!(error instanceof ProcessExit)) throw error;
    exitCode = error.code;
  }

  return {
    exitCode,
    files: new Map([...files].map(([name, file]) => [name, file.contents()])),
    stdout: decoder.decode(new Uint8Array(streams.get(1)!)),
    stderr: decoder.decode(new Uint8Array(streams.get(2)!)),
  };
}
