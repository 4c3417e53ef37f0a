import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A small S3-compatible server for tests, on a folder: exactly the operations our storage and @tus/s3-store
 * use — PutObject, GetObject (with Range), HeadObject, DeleteObject, DeleteObjects, CreateMultipartUpload,
 * UploadPart, ListParts, CompleteMultipartUpload, AbortMultipartUpload, ListMultipartUploads (the tus store's
 * expiry sweep) — plus CreateBucket and HeadBucket.
 * Path-style addressing, S3's XML answers and error codes, S3's rules (5 MiB minimum for every part but the
 * last, part ETags checked on completion, `aws-chunked` bodies decoded, Content-MD5 / SHA-256 / CRC32 digests
 * verified). It requires an Authorization header with the configured access key id but does not verify the
 * signature. Anything else (object tagging included) answers 501 NotImplemented, so a test cannot silently
 * rely on something several S3-compatible stores lack. (s3rver 3.7, the usual choice, has no ListParts and no
 * AbortMultipartUpload, which @tus/s3-store needs.)
 */

/** S3's smallest part size for every part but the last. */
const MIN_PART_SIZE = 5 * 1024 * 1024;
const XML_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

export interface S3ServerOptions {
  /** Folder holding buckets, objects and multipart uploads. */
  rootDir: string;
  accessKeyId: string;
  /** Buckets that exist from the start. */
  buckets?: string[];
}

export interface S3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  /** Each answered request's operation name (PutObject, UploadPart, …), in order. */
  operations: string[];
  /** The keys of all objects in a bucket, sorted. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

interface ObjectMeta {
  key: string;
  size: number;
  etag: string;
  lastModified: string;
  contentType: string;
  cacheControl?: string;
  metadata: Record<string, string>;
}

interface UploadMeta {
  key: string;
  contentType: string;
  cacheControl?: string;
  metadata: Record<string, string>;
  initiated: string;
}

interface PartMeta {
  partNumber: number;
  size: number;
  etag: string;
  lastModified: string;
}

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function escapeXml(value: string | number | boolean): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function unescapeXml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-f]+|#\d+);/gi, (entity: string, name: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    const lower = name.toLowerCase();
    if (lower in named) return named[lower]!;
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return entity;
  });
}

/** `<Name>value</Name>` for each entry; nested arrays become repeated elements. */
type XmlNode = [string, string | number | boolean | XmlNode[]];
function toXml(nodes: XmlNode[]): string {
  return nodes
    .map(([name, value]) => `<${name}>${Array.isArray(value) ? toXml(value) : escapeXml(value)}</${name}>`)
    .join('');
}

function xmlDocument(root: string, nodes: XmlNode[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${XML_NAMESPACE}">${toXml(nodes)}</${root}>`;
}

function xmlValues(xml: string, element: string): string[] {
  const pattern = new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1]!);
}

/**
 * Decodes an `aws-chunked` body: `{hex size}[;chunk-signature=…]\r\n{bytes}\r\n` … `0…\r\n{trailers}\r\n`.
 * Trailer headers (e.g. `x-amz-checksum-crc32`) are collected for verification.
 */
class AwsChunkedDecoder extends Transform {
  readonly trailers: Record<string, string> = {};
  private pending: Buffer = Buffer.alloc(0);
  private state: 'size' | 'data' | 'data-end' | 'trailers' | 'done' = 'size';
  private remaining = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    try {
      this.drain();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.state !== 'done' || this.pending.length > 0) {
      callback(new S3Failure(400, 'IncompleteBody', 'The aws-chunked body ended early or has extra bytes.'));
    } else {
      callback();
    }
  }

  private takeLine(): string | null {
    const end = this.pending.indexOf('\r\n');
    if (end === -1) return null;
    const line = this.pending.subarray(0, end).toString('latin1');
    this.pending = this.pending.subarray(end + 2);
    return line;
  }

  private drain(): void {
    for (;;) {
      if (this.state === 'size') {
        const line = this.takeLine();
        if (line === null) return;
        const size = parseInt(line.split(';')[0]!, 16);
        if (!Number.isFinite(size) || size < 0) {
          throw new S3Failure(400, 'InvalidRequest', `Bad aws-chunked chunk header ${JSON.stringify(line)}.`);
        }
        this.remaining = size;
        this.state = size === 0 ? 'trailers' : 'data';
      } else if (this.state === 'data') {
        if (this.pending.length === 0) return;
        const take = Math.min(this.remaining, this.pending.length);
        this.push(this.pending.subarray(0, take));
        this.pending = this.pending.subarray(take);
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'data-end';
      } else if (this.state === 'data-end') {
        if (this.pending.length < 2) return;
        if (this.pending[0] !== 13 || this.pending[1] !== 10) {
          throw new S3Failure(
            400,
            'InvalidRequest',
            'An aws-chunked chunk is longer than its declared size.',
          );
        }
        this.pending = this.pending.subarray(2);
        this.state = 'size';
      } else if (this.state === 'trailers') {
        const line = this.takeLine();
        if (line === null) return;
        if (line === '') {
          this.state = 'done';
          return;
        }
        const colon = line.indexOf(':');
        if (colon > 0)
          this.trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      } else {
        if (this.pending.length > 0) {
          throw new S3Failure(400, 'InvalidRequest', 'Bytes after the end of an aws-chunked body.');
        }
        return;
      }
    }
  }
}

/** Counts and hashes what passes through. */
class Digests extends Transform {
  size = 0;
  crc32 = 0;
  private readonly md5Hash = crypto.createHash('md5');
  private readonly sha256Hash = crypto.createHash('sha256');
  md5 = Buffer.alloc(0);
  sha256 = '';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    this.md5Hash.update(chunk);
    this.sha256Hash.update(chunk);
    this.crc32 = zlib.crc32(chunk, this.crc32);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.md5 = this.md5Hash.digest();
    this.sha256 = this.sha256Hash.digest('hex');
    callback();
  }
}

function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function userMetadata(request: http.IncomingMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
  }
  return metadata;
}

function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

function quoted(etag: string): string {
  return `"${etag}"`;
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startS3Server(options: S3ServerOptions): Promise<S3Server> {
  const { rootDir, accessKeyId } = options;
  const temporaryDir = path.join(rootDir, '.tmp');
  await fsp.mkdir(temporaryDir, { recursive: true });
  for (const bucket of options.buckets ?? []) {
    await fsp.mkdir(path.join(rootDir, bucket, 'objects'), { recursive: true });
    await fsp.mkdir(path.join(rootDir, bucket, 'multipart'), { recursive: true });
  }
  const operations: string[] = [];

  const bucketDir = (bucket: string) => path.join(rootDir, bucket);
  const objectPath = (bucket: string, key: string) => path.join(bucketDir(bucket), 'objects', sha256Hex(key));
  const uploadDir = (bucket: string, uploadId: string) => {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new S3Failure(404, 'NoSuchUpload', 'No such upload.');
    return path.join(bucketDir(bucket), 'multipart', uploadId);
  };
  const temporaryFile = () => path.join(temporaryDir, crypto.randomBytes(12).toString('hex'));

  async function readJson<T>(file: string): Promise<T | null> {
    try {
      return JSON.parse(await fsp.readFile(file, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function writeJson(file: string, value: unknown): Promise<void> {
    const temporary = temporaryFile();
    await fsp.writeFile(temporary, JSON.stringify(value));
    await fsp.rename(temporary, file);
  }

  async function bucketExists(bucket: string): Promise<boolean> {
    return fsp.stat(path.join(bucketDir(bucket), 'objects')).then(
      () => true,
      () => false,
    );
  }

  async function loadObject(bucket: string, key: string): Promise<ObjectMeta> {
    const meta = await readJson<ObjectMeta>(`${objectPath(bucket, key)}.json`);
    if (!meta) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
    return meta;
  }

  async function loadUpload(bucket: string, key: string, uploadId: string): Promise<UploadMeta> {
    const meta = await readJson<UploadMeta>(path.join(uploadDir(bucket, uploadId), 'upload.json'));
    if (!meta || meta.key !== key) {
      throw new S3Failure(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    }
    return meta;
  }

  async function listParts(bucket: string, uploadId: string): Promise<PartMeta[]> {
    const dir = uploadDir(bucket, uploadId);
    const names = (await fsp.readdir(dir)).filter((name) => /^part-\d+\.json$/.test(name));
    const parts = await Promise.all(names.map((name) => readJson<PartMeta>(path.join(dir, name))));
    return parts
      .filter((part): part is PartMeta => part !== null)
      .sort((a, b) => a.partNumber - b.partNumber);
  }

  /** Receives the request body into a temporary file, decoding and verifying it the way S3 does. */
  async function receiveBody(
    request: http.IncomingMessage,
  ): Promise<{ file: string; size: number; md5: Buffer }> {
    const contentSha256 = header(request, 'x-amz-content-sha256') ?? '';
    const chunked =
      contentSha256.startsWith('STREAMING-') ||
      (header(request, 'content-encoding') ?? '').split(',').some((v) => v.trim() === 'aws-chunked');
    const decoder = chunked ? new AwsChunkedDecoder() : null;
    const digests = new Digests();
    const file = temporaryFile();
    try {
      await pipeline([request, ...(decoder ? [decoder] : []), digests, fs.createWriteStream(file)]);
      const declared = header(request, 'x-amz-decoded-content-length');
      if (decoder && declared !== undefined && Number(declared) !== digests.size) {
        throw new S3Failure(400, 'IncompleteBody', 'The body does not match x-amz-decoded-content-length.');
      }
      const contentMd5 = header(request, 'content-md5');
      if (contentMd5 !== undefined && contentMd5 !== digests.md5.toString('base64')) {
        throw new S3Failure(
          400,
          'BadDigest',
          'The Content-MD5 you specified did not match what we received.',
        );
      }
      if (/^[0-9a-f]{64}$/.test(contentSha256) && contentSha256 !== digests.sha256) {
        throw new S3Failure(
          400,
          'XAmzContentSHA256Mismatch',
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      }
      const crc32 = decoder?.trailers['x-amz-checksum-crc32'] ?? header(request, 'x-amz-checksum-crc32');
      if (crc32 !== undefined) {
        const computed = Buffer.alloc(4);
        computed.writeUInt32BE(digests.crc32 >>> 0);
        if (crc32 !== computed.toString('base64')) {
          throw new S3Failure(
            400,
            'BadDigest',
            'The CRC32 you specified did not match the calculated checksum.',
          );
        }
      }
      return { file, size: digests.size, md5: digests.md5 };
    } catch (error) {
      await fsp.rm(file, { force: true });
      throw error;
    }
  }

  async function receiveText(request: http.IncomingMessage): Promise<string> {
    const body = await receiveBody(request);
    try {
      return await fsp.readFile(body.file, 'utf8');
    } finally {
      await fsp.rm(body.file, { force: true });
    }
  }

  function sendXml(response: http.ServerResponse, status: number, root: string, nodes: XmlNode[]): void {
    const body = xmlDocument(root, nodes);
    response.writeHead(status, {
      'Content-Type': 'application/xml',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  }

  function objectHeaders(meta: ObjectMeta): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': meta.contentType,
      ETag: quoted(meta.etag),
      'Last-Modified': new Date(meta.lastModified).toUTCString(),
      'Accept-Ranges': 'bytes',
      ...(meta.cacheControl ? { 'Cache-Control': meta.cacheControl } : {}),
    };
    for (const [name, value] of Object.entries(meta.metadata)) headers[`x-amz-meta-${name}`] = value;
    return headers;
  }

  /** S3's Range handling: one `bytes=` range; an unsatisfiable one is 416 InvalidRange, a malformed one ignored. */
  function parseRange(value: string | undefined, size: number): { start: number; end: number } | null {
    const match = value ? /^bytes=(\d*)-(\d*)$/.exec(value.trim()) : null;
    if (!match || (match[1] === '' && match[2] === '')) return null;
    const unsatisfiable = () => new S3Failure(416, 'InvalidRange', 'The requested range is not satisfiable.');
    if (match[1] === '') {
      const suffix = Number(match[2]);
      if (suffix === 0 || size === 0) throw unsatisfiable();
      return { start: Math.max(0, size - suffix), end: size - 1 };
    }
    const start = Number(match[1]);
    const end = match[2] === '' ? size - 1 : Number(match[2]);
    if (end < start) return null;
    if (start >= size) throw unsatisfiable();
    return { start, end: Math.min(end, size - 1) };
  }

  async function storeObject(
    bucket: string,
    key: string,
    dataFile: string,
    meta: Omit<ObjectMeta, 'key' | 'lastModified'>,
  ): Promise<void> {
    const target = objectPath(bucket, key);
    await fsp.rename(dataFile, target);
    await writeJson(`${target}.json`, { ...meta, key, lastModified: new Date().toISOString() });
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<string> {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const query = url.searchParams;
    const [, rawBucket = '', ...rawKey] = url.pathname.split('/');
    const bucket = decodeURIComponent(rawBucket);
    const key = decodeURIComponent(rawKey.join('/'));
    const method = request.method ?? 'GET';

    const credential = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\//.exec(
      header(request, 'authorization') ?? '',
    );
    if (!credential) throw new S3Failure(403, 'AccessDenied', 'Access Denied: the request is not signed.');
    if (credential[1] !== accessKeyId) {
      throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS access key Id you provided does not exist.');
    }
    if (bucket === '') throw new S3Failure(501, 'NotImplemented', 'ListBuckets is not implemented.');

    if (key === '') {
      if (method === 'PUT' && [...query.keys()].every((name) => name === 'x-id')) {
        await fsp.mkdir(path.join(bucketDir(bucket), 'objects'), { recursive: true });
        await fsp.mkdir(path.join(bucketDir(bucket), 'multipart'), { recursive: true });
        response.writeHead(200, { Location: `/${bucket}` }).end();
        return 'CreateBucket';
      }
    }
    if (!(await bucketExists(bucket))) {
      throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    }

    if (key === '') {
      if (method === 'HEAD') {
        response.writeHead(200).end();
        return 'HeadBucket';
      }
      if (method === 'POST' && query.has('delete')) {
        const body = await receiveText(request);
        const keys = xmlValues(body, 'Object').map((object) =>
          unescapeXml(xmlValues(object, 'Key')[0] ?? ''),
        );
        if (keys.length === 0 || keys.length > 1000) {
          throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed.');
        }
        for (const name of keys) {
          const target = objectPath(bucket, name);
          await fsp.rm(target, { force: true });
          await fsp.rm(`${target}.json`, { force: true });
        }
        const quiet = /<Quiet>\s*true\s*<\/Quiet>/.test(body);
        sendXml(response, 200, 'DeleteResult', quiet ? [] : keys.map((name) => ['Deleted', [['Key', name]]]));
        return 'DeleteObjects';
      }
      if (method === 'GET' && query.has('uploads')) {
        const prefix = query.get('prefix') ?? '';
        const keyMarker = query.get('key-marker') ?? '';
        const maxUploads = Math.min(Number(query.get('max-uploads') ?? 1000) || 1000, 1000);
        const root = path.join(bucketDir(bucket), 'multipart');
        const uploads = (
          await Promise.all(
            (await fsp.readdir(root)).map(async (id) => {
              const meta = await readJson<UploadMeta>(path.join(root, id, 'upload.json'));
              return meta ? { ...meta, uploadId: id } : null;
            }),
          )
        )
          .filter((upload) => upload !== null && upload.key.startsWith(prefix) && upload.key > keyMarker)
          .map((upload) => upload!)
          .sort((a, b) =>
            a.key === b.key ? a.initiated.localeCompare(b.initiated) : a.key < b.key ? -1 : 1,
          );
        const page = uploads.slice(0, maxUploads);
        const truncated = uploads.length > page.length;
        sendXml(response, 200, 'ListMultipartUploadsResult', [
          ['Bucket', bucket],
          ['KeyMarker', keyMarker],
          ['UploadIdMarker', ''],
          ['Prefix', prefix],
          ['MaxUploads', maxUploads],
          ['IsTruncated', truncated],
          ...(truncated ? ([['NextKeyMarker', page.at(-1)!.key]] as XmlNode[]) : []),
          ...page.map((upload): XmlNode => [
            'Upload',
            [
              ['Key', upload.key],
              ['UploadId', upload.uploadId],
              ['Initiated', upload.initiated],
            ],
          ]),
        ]);
        return 'ListMultipartUploads';
      }
      throw new S3Failure(501, 'NotImplemented', `${method} on a bucket is not implemented.`);
    }

    if (header(request, 'x-amz-tagging') !== undefined) {
      // Several S3-compatible stores (R2, Garage) have no object tagging: code that needs it must not pass here.
      throw new S3Failure(501, 'NotImplemented', 'Object tagging is not implemented.');
    }
    const uploadId = query.get('uploadId');
    if (method === 'PUT' && uploadId !== null) {
      if (header(request, 'x-amz-copy-source')) {
        throw new S3Failure(501, 'NotImplemented', 'UploadPartCopy is not implemented.');
      }
      const partNumber = Number(query.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new S3Failure(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000.');
      }
      await loadUpload(bucket, key, uploadId);
      const body = await receiveBody(request);
      const etag = body.md5.toString('hex');
      const dir = uploadDir(bucket, uploadId);
      await fsp.rename(body.file, path.join(dir, `part-${partNumber}`));
      await writeJson(path.join(dir, `part-${partNumber}.json`), {
        partNumber,
        size: body.size,
        etag,
        lastModified: new Date().toISOString(),
      } satisfies PartMeta);
      response.writeHead(200, { ETag: quoted(etag) }).end();
      return 'UploadPart';
    }

    if (method === 'PUT') {
      if (header(request, 'x-amz-copy-source')) {
        throw new S3Failure(501, 'NotImplemented', 'CopyObject is not implemented.');
      }
      const body = await receiveBody(request);
      const etag = body.md5.toString('hex');
      await storeObject(bucket, key, body.file, {
        size: body.size,
        etag,
        contentType: header(request, 'content-type') ?? 'binary/octet-stream',
        cacheControl: header(request, 'cache-control'),
        metadata: userMetadata(request),
      });
      response.writeHead(200, { ETag: quoted(etag) }).end();
      return 'PutObject';
    }

    if (method === 'GET' && uploadId !== null) {
      await loadUpload(bucket, key, uploadId);
      const maxParts = Math.min(Number(query.get('max-parts') ?? 1000) || 1000, 1000);
      const marker = Number(query.get('part-number-marker') ?? 0) || 0;
      const after = (await listParts(bucket, uploadId)).filter((part) => part.partNumber > marker);
      const page = after.slice(0, maxParts);
      const truncated = after.length > page.length;
      sendXml(response, 200, 'ListPartsResult', [
        ['Bucket', bucket],
        ['Key', key],
        ['UploadId', uploadId],
        ['PartNumberMarker', marker],
        ['NextPartNumberMarker', page.at(-1)?.partNumber ?? marker],
        ['MaxParts', maxParts],
        ['IsTruncated', truncated],
        ...page.map((part): XmlNode => [
          'Part',
          [
            ['PartNumber', part.partNumber],
            ['LastModified', part.lastModified],
            ['ETag', quoted(part.etag)],
            ['Size', part.size],
          ],
        ]),
      ]);
      return 'ListParts';
    }

    if (method === 'GET' || method === 'HEAD') {
      const meta = await loadObject(bucket, key);
      const headers = objectHeaders(meta);
      if (method === 'HEAD') {
        response.writeHead(200, { ...headers, 'Content-Length': meta.size }).end();
        return 'HeadObject';
      }
      const range = parseRange(header(request, 'range'), meta.size);
      const stream = fs.createReadStream(objectPath(bucket, key), range ?? {});
      if (range) {
        response.writeHead(206, {
          ...headers,
          'Content-Length': range.end - range.start + 1,
          'Content-Range': `bytes ${range.start}-${range.end}/${meta.size}`,
        });
      } else {
        response.writeHead(200, { ...headers, 'Content-Length': meta.size });
      }
      await pipeline(stream, response);
      return 'GetObject';
    }

    if (method === 'DELETE' && uploadId !== null) {
      await loadUpload(bucket, key, uploadId);
      await fsp.rm(uploadDir(bucket, uploadId), { recursive: true, force: true });
      response.writeHead(204).end();
      return 'AbortMultipartUpload';
    }

    if (method === 'DELETE') {
      const target = objectPath(bucket, key);
      await fsp.rm(target, { force: true });
      await fsp.rm(`${target}.json`, { force: true });
      response.writeHead(204).end();
      return 'DeleteObject';
    }

    if (method === 'POST' && query.has('uploads')) {
      const id = crypto.randomBytes(16).toString('hex');
      await fsp.mkdir(uploadDir(bucket, id), { recursive: true });
      await writeJson(path.join(uploadDir(bucket, id), 'upload.json'), {
        key,
        contentType: header(request, 'content-type') ?? 'binary/octet-stream',
        cacheControl: header(request, 'cache-control'),
        metadata: userMetadata(request),
        initiated: new Date().toISOString(),
      } satisfies UploadMeta);
      sendXml(response, 200, 'InitiateMultipartUploadResult', [
        ['Bucket', bucket],
        ['Key', key],
        ['UploadId', id],
      ]);
      return 'CreateMultipartUpload';
    }

    if (method === 'POST' && uploadId !== null) {
      const upload = await loadUpload(bucket, key, uploadId);
      const body = await receiveText(request);
      const requested = xmlValues(body, 'Part').map((part) => ({
        partNumber: Number(xmlValues(part, 'PartNumber')[0]),
        etag: unescapeXml(xmlValues(part, 'ETag')[0] ?? '').replaceAll('"', ''),
      }));
      if (requested.length === 0) {
        throw new S3Failure(400, 'MalformedXML', 'The XML you provided was not well-formed.');
      }
      const stored = new Map((await listParts(bucket, uploadId)).map((part) => [part.partNumber, part]));
      const parts = requested.map((wanted, index) => {
        const previous = requested[index - 1];
        if (previous && wanted.partNumber <= previous.partNumber) {
          throw new S3Failure(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
        }
        const part = stored.get(wanted.partNumber);
        if (!part || part.etag !== wanted.etag) {
          throw new S3Failure(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
        }
        if (index < requested.length - 1 && part.size < MIN_PART_SIZE) {
          throw new S3Failure(
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed object size.',
          );
        }
        return part;
      });
      const dir = uploadDir(bucket, uploadId);
      const assembled = temporaryFile();
      const output = fs.createWriteStream(assembled);
      for (const part of parts) {
        await pipeline(fs.createReadStream(path.join(dir, `part-${part.partNumber}`)), output, {
          end: false,
        });
      }
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      const etag = `${crypto
        .createHash('md5')
        .update(Buffer.concat(parts.map((part) => Buffer.from(part.etag, 'hex'))))
        .digest('hex')}-${parts.length}`;
      await storeObject(bucket, key, assembled, {
        size: parts.reduce((sum, part) => sum + part.size, 0),
        etag,
        contentType: upload.contentType,
        cacheControl: upload.cacheControl,
        metadata: upload.metadata,
      });
      await fsp.rm(dir, { recursive: true, force: true });
      sendXml(response, 200, 'CompleteMultipartUploadResult', [
        ['Location', `${endpoint}/${bucket}/${key}`],
        ['Bucket', bucket],
        ['Key', key],
        ['ETag', quoted(etag)],
      ]);
      return 'CompleteMultipartUpload';
    }

    throw new S3Failure(
      501,
      'NotImplemented',
      `${method} ${url.search || ''} on an object is not implemented.`,
    );
  }

  const server = http.createServer((request, response) => {
    const requestId = crypto.randomBytes(8).toString('hex').toUpperCase();
    response.setHeader('x-amz-request-id', requestId);
    handle(request, response).then(
      (operation) => operations.push(operation),
      (error: unknown) => {
        const failure =
          error instanceof S3Failure
            ? error
            : new S3Failure(500, 'InternalError', error instanceof Error ? error.message : String(error));
        // Drain what the client still sends, so it reads the error instead of a reset connection.
        request.resume();
        if (response.headersSent) {
          response.destroy();
          return;
        }
        if (request.method === 'HEAD') {
          response.writeHead(failure.status).end();
          return;
        }
        sendXmlError(response, failure, request.url ?? '/', requestId);
      },
    );
  });

  function sendXmlError(
    response: http.ServerResponse,
    failure: S3Failure,
    resource: string,
    requestId: string,
  ) {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n${toXml([
      [
        'Error',
        [
          ['Code', failure.code],
          ['Message', failure.message],
          ['Resource', resource],
          ['RequestId', requestId],
        ],
      ],
    ])}`;
    response.writeHead(failure.status, {
      'Content-Type': 'application/xml',
      'Content-Length': Buffer.byteLength(body),
    });
    response.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    operations,
    async keys(bucket: string) {
      const dir = path.join(bucketDir(bucket), 'objects');
      const names = (await fsp.readdir(dir)).filter((name) => name.endsWith('.json'));
      const metas = await Promise.all(names.map((name) => readJson<ObjectMeta>(path.join(dir, name))));
      return metas
        .filter((meta): meta is ObjectMeta => meta !== null)
        .map((meta) => meta.key)
        .sort();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
