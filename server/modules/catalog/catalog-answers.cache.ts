import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  catalogListsSchema,
  categoryPageSchema,
  homeResponseSchema,
  stylePageSchema,
  templatePageSchema,
  templateSummarySchema,
  type CatalogLists,
  type CategoryPage,
  type HomeResponse,
  type StylePage,
  type TemplatePage,
  type TemplateSummary,
} from '../../../shared/catalog/catalog.contract.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CatalogService, TemplateListQuery } from './catalog.service.ts';

/**
 * The catalog's answers, made once: every visitor asks for the same few (home, the lists, a category or style
 * page, a page of templates), and they change only when the catalog does. Each is checked against the
 * contract and kept with its JSON text and an ETag, and compressed once per encoding on the first request
 * that wants it.
 *
 * An answer is dropped when the catalog changes: at once for a write by this process, within `checkIntervalMs`
 * for one by another instance (the catalog version in the database is read at most that often), and when
 * time alone changes it (a template leaving New Drops).
 */

type Coding = 'br' | 'gzip' | 'identity';
type Compressed = Exclude<Coding, 'identity'>;

/** A kept answer: what the service answered (checked against the contract) and its bytes. */
export interface CatalogAnswer<T = unknown> {
  value: T;
  json: Buffer;
  etags: Record<Coding, string>;
  compressed: Partial<Record<Compressed, Buffer>>;
  compressing: Partial<Record<Compressed, Promise<Buffer>>>;
}

/** The answers of one state of the catalog. */
interface Generation {
  /** The catalog version read before any answer of this generation was made. */
  version: number | null;
  /** When time alone changes the answers (app clock, ms); -Infinity when the generation failed to start. */
  staleAt: number;
  ready: Promise<void>;
  /** Least recently used first. */
  answers: Map<string, Promise<CatalogAnswer>>;
}

export type CatalogAnswers = ReturnType<typeof createCatalogAnswers>;

const DEFAULT_CHECK_INTERVAL_MS = 2_000;
const DEFAULT_MAX_ANSWERS = 500;
/** Below this, compression saves less than its header costs (the app's compression threshold too). */
const MIN_COMPRESSED_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli 9, not 11: on these answers 11 took 10–50× as long (110 ms for a 66 KB home answer, on the first
 * request after each catalog change) for 3–12% fewer bytes (about 500 bytes on the home answer).
 */
const BROTLI_QUALITY = 9;

function compress(json: Buffer, coding: Compressed): Promise<Buffer> {
  return coding === 'br'
    ? brotli(json, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : gzip(json, { level: zlib.constants.Z_BEST_COMPRESSION });
}

function makeAnswer<T>(value: T): CatalogAnswer<T> {
  const json = Buffer.from(JSON.stringify(value));
  // Strong tags differ per encoding: each encoding is a different sequence of bytes (RFC 9110 §8.8.3).
  const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27);
  return {
    value,
    json,
    etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gzip"` },
    compressed: {},
    compressing: {},
  };
}

function qualities(acceptEncoding: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    q.set(coding, Number.isFinite(quality) ? quality : 0);
  }
  return q;
}

/** br when the client takes it, then gzip, else the JSON as is; the client's q-values rank first. */
function chooseCoding(acceptEncoding: string): Coding {
  const q = qualities(acceptEncoding);
  const any = q.get('*') ?? 0;
  const br = q.get('br') ?? any;
  const gz = q.get('gzip') ?? q.get('x-gzip') ?? any;
  const best = Math.max(br, gz);
  if (best <= 0) return 'identity';
  // Plain JSON wins only when the client ranks it above every compression it takes.
  if ((q.get('identity') ?? 0) > best) return 'identity';
  return br >= gz ? 'br' : 'gzip';
}

const MAX_REMEMBERED_HEADERS = 64;

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
function codingChooser(): (acceptEncoding: string | undefined) => Coding {
  const chosen = new Map<string, Coding>();
  return (acceptEncoding) => {
    if (!acceptEncoding) return 'identity';
    let coding = chosen.get(acceptEncoding);
    if (coding === undefined) {
      coding = chooseCoding(acceptEncoding);
      if (chosen.size >= MAX_REMEMBERED_HEADERS) chosen.clear();
      chosen.set(acceptEncoding, coding);
    }
    return coding;
  };
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ is ignored, `*` matches any answer. */
function clientHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The cache the catalog routes answer from; one per app, told of this process's catalog writes. */
export function createCatalogAnswers(deps: {
  catalog: CatalogService;
  versions: Pick<CatalogRepository, 'readVersion' | 'onChange'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often the catalog version is read, so another instance's change shows within this time. */
  checkIntervalMs?: number;
  /** How many answers are kept; the least recently used goes first. */
  maxAnswers?: number;
}) {
  const checkIntervalMs = deps.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  const maxAnswers = deps.maxAnswers ?? DEFAULT_MAX_ANSWERS;
  const codingFor = codingChooser();
  let current: Generation | null = null;
  let nextCheckAt = 0;
  let checking: Promise<void> | null = null;

  deps.versions.onChange(() => {
    current = null;
  });

  function startGeneration(): Generation {
    const generation: Generation = {
      version: null,
      staleAt: Infinity,
      ready: Promise.resolve(),
      answers: new Map(),
    };
    // The version is read before anything else, so a change made while answers are being made shows up
    // as a newer version at the next check rather than being missed.
    generation.ready = (async () => {
      generation.version = await deps.versions.readVersion();
      generation.staleAt = (await deps.catalog.nextTimedChange())?.getTime() ?? Infinity;
    })();
    generation.ready.catch(() => {
      generation.staleAt = -Infinity;
    });
    return generation;
  }

  /** Drops the answers when another instance changed the catalog since they were made. */
  async function compareVersion(): Promise<void> {
    const generation = current;
    if (generation === null || generation.version === null) return;
    try {
      const version = await deps.versions.readVersion();
      if (current === generation && version !== generation.version) current = null;
    } catch (error) {
      // The answers kept stay served; the next check tries again.
      deps.log.warn({ err: error }, 'catalog answers: the catalog version could not be read');
    }
  }

  /** One comparison at a time, at most once per interval. */
  function checkVersion(): Promise<void> {
    checking ??= compareVersion().finally(() => {
      nextCheckAt = performance.now() + checkIntervalMs;
      checking = null;
    });
    return checking;
  }

  /** The answer kept under `key`, made by `make` (which checks it against the contract) when missing. */
  async function get<T>(key: string, make: () => Promise<T>): Promise<CatalogAnswer<T>> {
    if (performance.now() >= nextCheckAt) await checkVersion();
    let generation = current;
    if (generation === null || deps.now().getTime() >= generation.staleAt) {
      generation = current = startGeneration();
    }
    const { answers } = generation;
    const kept = answers.get(key);
    if (kept) {
      answers.delete(key);
      answers.set(key, kept);
      return kept as Promise<CatalogAnswer<T>>;
    }
    const made = generation.ready.then(make).then(makeAnswer);
    answers.set(key, made);
    // A failed answer (an unknown category, a lost database) is not kept: the next request tries again.
    made.catch(() => {
      if (answers.get(key) === made) answers.delete(key);
    });
    if (answers.size > maxAnswers) answers.delete(answers.keys().next().value!);
    return made;
  }

  function compressed(answer: CatalogAnswer, coding: Compressed): Buffer | Promise<Buffer> {
    const done = answer.compressed[coding];
    if (done) return done;
    let pending = answer.compressing[coding];
    if (!pending) {
      pending = compress(answer.json, coding).then((body) => (answer.compressed[coding] = body));
      answer.compressing[coding] = pending;
      pending.catch(() => delete answer.compressing[coding]);
    }
    return pending;
  }

  const { catalog } = deps;

  return {
    /** Home (events, New Drops and a row per category). */
    home(): Promise<CatalogAnswer<HomeResponse>> {
      return get('home', async () => homeResponseSchema.parse(await catalog.getHome()));
    },

    /** Active categories, styles and active events. */
    lists(): Promise<CatalogAnswer<CatalogLists>> {
      return get('lists', async () => catalogListsSchema.parse(await catalog.getLists()));
    },

    /** A page of templates; queries that differ only in the case of the search text share one answer. */
    templates(query: TemplateListQuery): Promise<CatalogAnswer<TemplatePage>> {
      const key = JSON.stringify([
        'templates',
        query.category ?? null,
        query.style ?? null,
        query.event ?? null,
        // Search folds case (matchesSearch).
        query.q?.toLocaleLowerCase() ?? null,
        query.page,
      ]);
      return get(key, async () => templatePageSchema.parse(await catalog.listTemplates(query)));
    },

    /** One listable template. */
    template(id: string): Promise<CatalogAnswer<TemplateSummary>> {
      return get(JSON.stringify(['template', id]), async () =>
        templateSummarySchema.parse(await catalog.getTemplate(id)),
      );
    },

    /** A category page's heading data (a category by name, New Drops or Based on Rank). */
    categoryPage(name: string): Promise<CatalogAnswer<CategoryPage>> {
      return get(JSON.stringify(['category', name]), async () =>
        categoryPageSchema.parse(await catalog.getCategoryPage(name)),
      );
    },

    /** A style page's heading data. */
    stylePage(name: string): Promise<CatalogAnswer<StylePage>> {
      return get(JSON.stringify(['style', name]), async () =>
        stylePageSchema.parse(await catalog.getStylePage(name)),
      );
    },

    /**
     * Sends a kept answer: 304 when the client already has it, otherwise its bytes in the encoding the
     * client prefers (br, then gzip, then plain JSON).
     */
    async send(request: FastifyRequest, reply: FastifyReply, answer: CatalogAnswer): Promise<FastifyReply> {
      const coding =
        answer.json.length < MIN_COMPRESSED_BYTES
          ? 'identity'
          : codingFor(request.headers['accept-encoding']);
      const etag = answer.etags[coding];
      reply.header('ETag', etag).header('Vary', 'accept-encoding');
      if (clientHas(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.header('Content-Type', JSON_TYPE);
      if (coding === 'identity') return reply.send(answer.json);
      const body = await compressed(answer, coding);
      // @fastify/compress leaves a reply alone once it has a Content-Encoding.
      return reply.header('Content-Encoding', coding).send(body);
    },
  };
}
