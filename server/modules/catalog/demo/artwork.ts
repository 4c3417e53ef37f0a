import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';

/**
 * Original demo card covers, composed as SVG and rasterised by sharp (librsvg). Text is drawn as glyph
 * outlines from bundled fonts because a fresh machine cannot be trusted to have any usable system font.
 *
 * A cover is two layers: a static base (background, medallion, frame, lettering) and, on top, a motion
 * layer (hero illustration, garland, particles) that is a function of the animation phase t ∈ [0, 1).
 * Animated covers rasterise the base once and only the motion layer per frame; every motion is periodic
 * in t so the loop is seamless, and t = 0 is the still preview. The hero and particles keep clear of the
 * lettering, so drawing them above it costs nothing visually.
 */

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 800;
const W = COVER_WIDTH;
const H = COVER_HEIGHT;
const FRAME_COUNT = 12;
const FRAME_DELAY_MS = 110;
const STILL_QUALITY = 85;
const ANIMATED_QUALITY = 76;
const TAU = Math.PI * 2;

export type StyleKey = 'elegant' | 'playful' | 'minimal' | 'floral' | 'retro';
export type Occasion =
  | 'birthday'
  | 'wedding'
  | 'graduation'
  | 'valentines'
  | 'ramadan'
  | 'eid'
  | 'christmas'
  | 'halloween'
  | 'thank-you'
  | 'congrats'
  | 'new-baby'
  | 'get-well'
  | 'just-because'
  | 'easter';
export type Motif =
  | 'balloons'
  | 'heart-balloons'
  | 'cake'
  | 'gift'
  | 'rings'
  | 'champagne'
  | 'mortarboard'
  | 'lanterns'
  | 'crescent'
  | 'mosque'
  | 'tree'
  | 'baubles'
  | 'wreath'
  | 'pumpkin'
  | 'ghost'
  | 'bouquet'
  | 'envelope'
  | 'trophy'
  | 'rattle'
  | 'moon-clouds'
  | 'teacup'
  | 'sun'
  | 'eggs'
  | 'daisies'
  | 'heart';
/** How the headline is set: one script/serif/caps face, or a small script kicker over caps lines. */
export type Lettering = 'script' | 'serif' | 'caps' | 'mixed';
export type Motion = 'float' | 'swing' | 'pulse' | 'fall' | 'twinkle' | 'glow';

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness and small geometry helpers

export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: tiny, fast and good enough to scatter confetti reproducibly. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}

/** FNV-1a, so a template slug always yields the same artwork. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** One decimal is plenty at 600×800 and keeps the SVG small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Two decimals, for opacities and scale factors. */
function n2(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(a: string, b: string, t: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  return `#${ca
    .map((c, i) =>
      Math.round(c + (cb[i]! - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function wave(t: number, phase = 0): number {
  return Math.sin(TAU * (t + phase));
}

type Point = readonly [number, number];

/** Catmull-Rom through the points, as cubic Béziers: organic blobs from a handful of jittered points. */
function smoothClosedPath(points: readonly Point[]): string {
  const at = (i: number): Point => points[(i + points.length) % points.length]!;
  let d = `M${n(at(0)[0])},${n(at(0)[1])}`;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = at(i - 1);
    const [x1, y1] = at(i);
    const [x2, y2] = at(i + 1);
    const [x3, y3] = at(i + 2);
    d += `C${n(x1 + (x2 - x0) / 6)},${n(y1 + (y2 - y0) / 6)} ${n(x2 - (x3 - x1) / 6)},${n(y2 - (y3 - y1) / 6)} ${n(x2)},${n(y2)}`;
  }
  return `${d}Z`;
}

function blobPath(cx: number, cy: number, radius: number, rng: Rng, wobble = 0.22, count = 7): string {
  const points: Point[] = [];
  const start = rng.range(0, TAU);
  for (let i = 0; i < count; i++) {
    const angle = start + (i / count) * TAU;
    const r = radius * (1 + rng.range(-wobble, wobble));
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  return smoothClosedPath(points);
}

function heartPath(x: number, y: number, s: number): string {
  const p = (dx: number, dy: number): string => `${n(x + dx * s)},${n(y + dy * s)}`;
  return (
    `M${p(0, 1)}C${p(-0.6, 0.55)} ${p(-1.05, 0.15)} ${p(-1, -0.3)}C${p(-0.95, -0.75)} ${p(-0.35, -0.95)} ${p(0, -0.5)}` +
    `C${p(0.35, -0.95)} ${p(0.95, -0.75)} ${p(1, -0.3)}C${p(1.05, 0.15)} ${p(0.6, 0.55)} ${p(0, 1)}Z`
  );
}

function starPath(x: number, y: number, outer: number, inner: number, points = 5, rotation = -90): string {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    d += `${i === 0 ? 'M' : 'L'}${n(x + Math.cos(angle) * r)},${n(y + Math.sin(angle) * r)}`;
  }
  return `${d}Z`;
}

function sparklePath(x: number, y: number, r: number): string {
  const k = r * 0.14;
  return (
    `M${n(x)},${n(y - r)}Q${n(x + k)},${n(y - k)} ${n(x + r)},${n(y)}Q${n(x + k)},${n(y + k)} ${n(x)},${n(y + r)}` +
    `Q${n(x - k)},${n(y + k)} ${n(x - r)},${n(y)}Q${n(x - k)},${n(y - k)} ${n(x)},${n(y - r)}Z`
  );
}

/** A crescent as the part of one circle outside another, offset towards +x before rotation. */
function crescentPath(radius: number, innerRadius: number, offset: number): string {
  const x = (offset * offset + radius * radius - innerRadius * innerRadius) / (2 * offset);
  const y = Math.sqrt(Math.max(radius * radius - x * x, 0));
  const innerLarge = x > offset ? 1 : 0;
  return `M${n(x)},${n(-y)}A${n(radius)} ${n(radius)} 0 1 0 ${n(x)},${n(y)}A${n(innerRadius)} ${n(innerRadius)} 0 ${innerLarge} 1 ${n(x)},${n(-y)}Z`;
}

function leaf(x: number, y: number, length: number, width: number, angle: number, fill: string): string {
  return `<path d="M0,0Q${n(width)},${n(-length / 2)} 0,${n(-length)}Q${n(-width)},${n(-length / 2)} 0,0Z" fill="${fill}" transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"/>`;
}

function cloud(x: number, y: number, s: number, fill: string, opacity = 1): string {
  return (
    `<g fill="${fill}" fill-opacity="${opacity}" transform="translate(${n(x)} ${n(y)}) scale(${n2(s)})">` +
    '<circle cx="-34" cy="2" r="24"/><circle cx="0" cy="-14" r="34"/><circle cx="34" cy="0" r="25"/>' +
    '<rect x="-58" y="0" width="116" height="26" rx="13"/></g>'
  );
}

type FlowerKind = 'bloom' | 'daisy' | 'rose';

function flower(
  x: number,
  y: number,
  r: number,
  kind: FlowerKind,
  petal: string,
  center: string,
  turn: number,
): string {
  let body = '';
  if (kind === 'daisy') {
    for (let i = 0; i < 12; i++) {
      body += `<ellipse cx="0" cy="${n(-r * 0.55)}" rx="${n(r * 0.17)}" ry="${n(r * 0.45)}" transform="rotate(${i * 30})"/>`;
    }
    body = `<g fill="${petal}">${body}</g><circle r="${n(r * 0.28)}" fill="${center}"/>`;
  } else if (kind === 'bloom') {
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * TAU;
      body += `<circle cx="${n(Math.cos(a) * r * 0.5)}" cy="${n(Math.sin(a) * r * 0.5)}" r="${n(r * 0.52)}"/>`;
    }
    body =
      `<g fill="${petal}">${body}</g><circle r="${n(r * 0.3)}" fill="${center}"/>` +
      `<circle r="${n(r * 0.12)}" fill="${mix(center, '#ffffff', 0.5)}"/>`;
  } else {
    const deep = mix(petal, '#5a1030', 0.3);
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * TAU;
      body += `<circle cx="${n(Math.cos(a) * r * 0.62)}" cy="${n(Math.sin(a) * r * 0.62)}" r="${n(r * 0.42)}"/>`;
    }
    body =
      `<g fill="${petal}">${body}<circle r="${n(r * 0.85)}"/></g>` +
      `<g fill="none" stroke="${deep}" stroke-width="${n(r * 0.09)}" stroke-linecap="round">` +
      `<path d="M${n(-r * 0.58)},${n(r * 0.1)}A${n(r * 0.58)} ${n(r * 0.58)} 0 1 1 ${n(r * 0.32)},${n(r * 0.48)}"/>` +
      `<path d="M${n(-r * 0.27)},0A${n(r * 0.3)} ${n(r * 0.3)} 0 1 1 ${n(r * 0.16)},${n(r * 0.22)}"/></g>` +
      `<circle r="${n(r * 0.1)}" fill="${deep}"/>`;
  }
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(turn)})">${body}</g>`;
}

// ---------------------------------------------------------------------------------------------------------
// Palettes

interface Palette {
  /** Background gradient, top to bottom. */
  bg: readonly [string, string];
  /** Illustration colours, most prominent first (at least four). */
  colors: readonly string[];
  /** Stops of the foil gradient used for "precious" parts: gold on Elegant, a sheen of the accent elsewhere. */
  metal: readonly string[];
  ink: string;
  sub: string;
  /** Headline shadow/outline and other deep accents. */
  shadow: string;
  light: string;
}

const GOLD = ['#a17a33', '#e6c77a', '#fff0bd', '#c89c45', '#8c6626'] as const;
const ROSE_GOLD = ['#a0664c', '#e4ad8e', '#fde2cf', '#c6876a', '#8b5239'] as const;
const SILVER = ['#8e96a3', '#dfe4ea', '#ffffff', '#b5bcc7', '#7c8491'] as const;

function elegant(bg: readonly [string, string], tint: string, metal: readonly string[] = GOLD): Palette {
  return {
    bg,
    colors: [metal[1]!, metal[2]!, tint, mix(tint, '#ffffff', 0.55)],
    metal,
    ink: metal[2]!,
    sub: mix(metal[1]!, '#ffffff', 0.35),
    shadow: mix(bg[0], '#000000', 0.5),
    light: '#fff8e7',
  };
}

/** Minimal covers: warm off-white paper and one accent, used in a few strengths. */
function minimal(accent: string, ink = '#2b2825'): Palette {
  return {
    bg: ['#f9f6f1', '#f1ece4'],
    colors: [accent, mix(accent, '#f9f6f1', 0.45), mix(accent, '#f9f6f1', 0.72), mix(accent, ink, 0.45)],
    metal: [mix(accent, ink, 0.2), mix(accent, '#ffffff', 0.2), accent],
    ink,
    sub: mix(ink, '#f9f6f1', 0.35),
    shadow: mix(accent, ink, 0.5),
    light: '#ffffff',
  };
}

const PALETTES = {
  elegant: {
    midnight: elegant(['#0f1831', '#22335f'], '#6f83c4'),
    emerald: elegant(['#0a392c', '#105a44'], '#3a9a74'),
    burgundy: elegant(['#3a0a1a', '#6c1833'], '#b6476a', ROSE_GOLD),
    noir: elegant(['#121214', '#2c2b30'], '#8a8a96'),
    plum: elegant(['#26112f', '#4f2562'], '#9c6fc2'),
    frost: elegant(['#16263b', '#3b5674'], '#9fc3e6', SILVER),
  },
  playful: {
    candy: {
      bg: ['#ff6a95', '#ffb36b'],
      colors: ['#ffe45e', '#3fc5e0', '#7b5cff', '#ffffff', '#ff3d6e'],
      metal: ['#ffb800', '#fff3b0', '#ffd84d'],
      ink: '#ffffff',
      sub: '#ffffff',
      shadow: '#c2185b',
      light: '#ffffff',
    },
    lagoon: {
      bg: ['#25c3d4', '#6a57f5'],
      colors: ['#ffe45e', '#ff6f91', '#ffffff', '#8cf0c7', '#ffb36b'],
      metal: ['#ffb800', '#fff3b0', '#ffd84d'],
      ink: '#ffffff',
      sub: '#ffffff',
      shadow: '#2b238c',
      light: '#ffffff',
    },
    sherbet: {
      bg: ['#ffd36b', '#ff8659'],
      colors: ['#ff4f7b', '#4fd1c5', '#7b5cff', '#ffffff', '#ffe9a8'],
      metal: ['#ff9f1c', '#fff3b0', '#ffcf4d'],
      ink: '#ffffff',
      sub: '#ffffff',
      shadow: '#b3372a',
      light: '#ffffff',
    },
    festive: {
      bg: ['#e02f45', '#a3161f'],
      colors: ['#2fa565', '#ffd166', '#ffffff', '#16734a', '#ff8fa3'],
      metal: ['#e0a800', '#fff3b0', '#ffd166'],
      ink: '#ffffff',
      sub: '#ffe7a3',
      shadow: '#5c0a12',
      light: '#ffffff',
    },
    spooky: {
      bg: ['#5a2a88', '#1d1145'],
      colors: ['#ff8c2b', '#ffd166', '#9be564', '#ffffff', '#ff5e5b'],
      metal: ['#e07b00', '#ffe2a8', '#ffb347'],
      ink: '#ffb347',
      sub: '#ffe2a8',
      shadow: '#0e0726',
      light: '#fff6e0',
    },
    bubble: {
      bg: ['#8fe3cf', '#6aa8f0'],
      colors: ['#ffe066', '#ff8fab', '#ffffff', '#7b5cff', '#ffb36b'],
      metal: ['#ffb800', '#fff3b0', '#ffd84d'],
      ink: '#ffffff',
      sub: '#ffffff',
      shadow: '#2d5f9e',
      light: '#ffffff',
    },
  },
  minimal: {
    terracotta: minimal('#c4603f'),
    sage: minimal('#5d7f66'),
    navy: minimal('#26406a'),
    blush: minimal('#d27c88'),
    ochre: minimal('#c7952c'),
    crimson: minimal('#b3243a'),
  },
  floral: {
    blush: {
      bg: ['#fdf2f0', '#f6d9dc'],
      colors: ['#e7929f', '#f6c3cc', '#86b394', '#577f63', '#f6d388', '#ffffff'],
      metal: ['#c98b6b', '#f3d2b8', '#e2ad8c'],
      ink: '#8b3451',
      sub: '#9b6474',
      shadow: '#fffaf8',
      light: '#ffffff',
    },
    sage: {
      bg: ['#f2f6ef', '#dae8d7'],
      colors: ['#f0ad9e', '#fbe1c6', '#7da787', '#4c7858', '#e9a1b6', '#ffffff'],
      metal: ['#b08d57', '#efdcb3', '#d4b478'],
      ink: '#3c5d46',
      sub: '#5f7a66',
      shadow: '#fbfdf9',
      light: '#ffffff',
    },
    lavender: {
      bg: ['#f6f1fb', '#e2d7f2'],
      colors: ['#b497d6', '#e8c6e8', '#8db394', '#5c8a68', '#f5d27a', '#ffffff'],
      metal: ['#a98bc4', '#efe2fa', '#c8b0e0'],
      ink: '#5b3a7b',
      sub: '#7d6494',
      shadow: '#fcfaff',
      light: '#ffffff',
    },
    peach: {
      bg: ['#fff6eb', '#fcdcc4'],
      colors: ['#f29d76', '#f8ccb2', '#90b287', '#5d8857', '#f2cf74', '#ffffff'],
      metal: ['#c9854f', '#f6d7b4', '#e3a874'],
      ink: '#8a4529',
      sub: '#a06a52',
      shadow: '#fffaf4',
      light: '#ffffff',
    },
    sky: {
      bg: ['#eef6fc', '#d3e6f4'],
      colors: ['#8fc0e6', '#f6c5d2', '#9ccb9f', '#6a9b74', '#f8de84', '#ffffff'],
      metal: ['#86a9c9', '#e9f3fc', '#b5d0e8'],
      ink: '#365b7e',
      sub: '#5f7c97',
      shadow: '#f8fbfe',
      light: '#ffffff',
    },
  },
  retro: {
    sunset: {
      bg: ['#f5e3bf', '#f0d3a1'],
      colors: ['#e9a23b', '#d9622b', '#a8401f', '#2e7d72', '#f4e3c1'],
      metal: ['#c27a1c', '#f7d488', '#e9a23b'],
      ink: '#fff2d6',
      sub: '#5a3521',
      shadow: '#5a3521',
      light: '#fff2d6',
    },
    avocado: {
      bg: ['#efe4c4', '#e3d1a2'],
      colors: ['#c9a227', '#8a9a3b', '#d06a2c', '#5a4025', '#f4e8c8'],
      metal: ['#a88416', '#f2de92', '#c9a227'],
      ink: '#fff4d8',
      sub: '#4e3720',
      shadow: '#4e3720',
      light: '#fff4d8',
    },
    disco: {
      bg: ['#2c1a3c', '#4b2a58'],
      colors: ['#f2a541', '#f0814b', '#e3567a', '#45b5aa', '#f6e7c1'],
      metal: ['#d9822b', '#ffe3a3', '#f2a541'],
      ink: '#fff0d2',
      sub: '#f6e7c1',
      shadow: '#170c22',
      light: '#f6e7c1',
    },
    harvest: {
      bg: ['#2b1a12', '#4d2c19'],
      colors: ['#f28c28', '#e3b23c', '#b5451b', '#7a8c3a', '#f4e3c1'],
      metal: ['#c8741e', '#ffd99a', '#f28c28'],
      ink: '#ffe9c4',
      sub: '#f4e3c1',
      shadow: '#140b06',
      light: '#f4e3c1',
    },
    rosewood: {
      bg: ['#fbe6d4', '#f5c9ae'],
      colors: ['#ee7b8c', '#f4b45f', '#5fae9f', '#b4513a', '#fff1de'],
      metal: ['#d98a3a', '#ffe0a8', '#f4b45f'],
      ink: '#fff3e3',
      sub: '#6b2f24',
      shadow: '#6b2f24',
      light: '#fff3e3',
    },
  },
} as const satisfies Record<StyleKey, Record<string, Palette>>;

/** A style and one of its own palettes; the mapped type rejects e.g. a Retro cover with a Floral palette. */
export type PaletteChoice = {
  [S in StyleKey]: { style: S; palette: keyof (typeof PALETTES)[S] };
}[StyleKey];

function paletteFor(choice: PaletteChoice): Palette {
  const group: Record<string, Palette> = PALETTES[choice.style];
  const palette = group[choice.palette];
  if (!palette) throw new Error(`Unknown ${choice.style} palette "${String(choice.palette)}"`);
  return palette;
}

// ---------------------------------------------------------------------------------------------------------
// Fonts and lettering

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };
interface GlyphPath {
  commands: readonly PathCommand[];
  getBoundingBox(): Box;
}
interface Glyph {
  advanceWidth?: number;
  getPath(x: number, y: number, fontSize: number): GlyphPath;
}
/** Path.toPathData is not used: its decimal rounding turns values a hair off an integer into "NaN". */
function pathData(commands: readonly PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'Z') d += 'Z';
    else if (c.type === 'Q') d += `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
    else if (c.type === 'C') d += `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
    else d += `${c.type}${n(c.x)} ${n(c.y)}`;
  }
  return d;
}

/**
 * The slice of opentype.js used here (the package ships no type declarations). Glyphs are laid out one by
 * one rather than through Font.getPath: its shaping pass throws on a GSUB lookup type it does not support,
 * which the Playfair Display italic build contains, and display Latin needs nothing beyond kerning.
 */
interface Font {
  unitsPerEm: number;
  charToGlyph(char: string): Glyph;
  getKerningValue(left: Glyph, right: Glyph): number;
}
interface OpenType {
  parse(buffer: ArrayBuffer): Font;
}

const FONT_FILES = {
  script: '@fontsource/pacifico/files/pacifico-latin-400-normal.woff',
  serif: '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff',
  serifRegular: '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff',
  serifItalic: '@fontsource/playfair-display/files/playfair-display-latin-500-italic.woff',
  sansLight: '@fontsource/poppins/files/poppins-latin-300-normal.woff',
  sans: '@fontsource/poppins/files/poppins-latin-500-normal.woff',
  sansBold: '@fontsource/poppins/files/poppins-latin-800-normal.woff',
} as const;

type CoverFonts = Record<keyof typeof FONT_FILES, Font>;

let cachedFonts: CoverFonts | undefined;

/** Parsed once per process: parsing is the slow part of opentype.js. */
function loadCoverFonts(): CoverFonts {
  if (cachedFonts) return cachedFonts;
  const require = createRequire(import.meta.url);
  const opentype = require('opentype.js') as OpenType;
  const entries = Object.entries(FONT_FILES).map(([key, specifier]) => {
    const file = readFileSync(require.resolve(specifier));
    return [key, opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength))];
  });
  cachedFonts = Object.fromEntries(entries) as CoverFonts;
  return cachedFonts;
}

interface Face {
  font: Font;
  /** Letter spacing in em. */
  spacing: number;
  upper: boolean;
  /** Size relative to the block's main size. */
  scale: number;
  /** How far (em) two stacked lines of this face may interleave: swash scripts tuck descenders in. */
  overlap: number;
}

interface SetLine {
  d: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function faceText(face: Face, text: string): string {
  // Typographic apostrophes look far better in display type than the typewriter one.
  const curly = text.replace(/'/g, '\u2019');
  return face.upper ? curly.toUpperCase() : curly;
}

function runGlyphs(face: Face, content: string, size: number, x: number, baseline: number): SetLine {
  const { font } = face;
  const glyphs = Array.from(content, (char) => font.charToGlyph(char));
  const scale = size / font.unitsPerEm;
  const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  let pen = x;
  let d = '';
  glyphs.forEach((glyph, i) => {
    const path = glyph.getPath(pen, baseline, size);
    // Blank glyphs (spaces) report a 0,0 box, which must not stretch the ink box.
    if (path.commands.length > 0) {
      d += pathData(path.commands);
      const bounds = path.getBoundingBox();
      box.x1 = Math.min(box.x1, bounds.x1);
      box.y1 = Math.min(box.y1, bounds.y1);
      box.x2 = Math.max(box.x2, bounds.x2);
      box.y2 = Math.max(box.y2, bounds.y2);
    }
    pen += (glyph.advanceWidth ?? 0) * scale;
    const next = glyphs[i + 1];
    if (next) pen += font.getKerningValue(glyph, next) * scale + face.spacing * size;
  });
  return { d, top: box.y1, bottom: box.y2, left: box.x1, right: box.x2 };
}

/** Sets one line centred on cx by its ink box, so script swashes and overhangs are centred optically. */
function setLine(face: Face, text: string, size: number, cx: number, baseline: number): SetLine {
  const content = faceText(face, text);
  const probe = runGlyphs(face, content, size, 0, baseline);
  return runGlyphs(face, content, size, cx - (probe.left + probe.right) / 2, baseline);
}

const SCRIPT_FOR: Record<StyleKey, keyof CoverFonts> = {
  elegant: 'serifItalic',
  floral: 'serifItalic',
  minimal: 'serifItalic',
  playful: 'script',
  retro: 'script',
};

function headlineFaces(style: StyleKey, lettering: Lettering, fonts: CoverFonts, lines: number): Face[] {
  const scriptFont = SCRIPT_FOR[style];
  const script: Face = {
    font: fonts[scriptFont],
    spacing: 0,
    upper: false,
    scale: 1,
    overlap: scriptFont === 'script' ? 0.16 : 0,
  };
  const serif: Face = {
    font: style === 'minimal' ? fonts.serifRegular : fonts.serif,
    spacing: 0,
    upper: false,
    scale: 1,
    overlap: 0,
  };
  const caps: Face =
    style === 'playful' || style === 'retro'
      ? { font: fonts.sansBold, spacing: 0.01, upper: true, scale: 1, overlap: 0 }
      : style === 'minimal'
        ? { font: fonts.sansLight, spacing: 0.16, upper: true, scale: 0.92, overlap: 0 }
        : { font: fonts.serifRegular, spacing: 0.08, upper: true, scale: 0.9, overlap: 0 };
  const faces: Face[] = [];
  for (let i = 0; i < lines; i++) {
    if (lettering === 'mixed' && lines > 1) faces.push(i === 0 ? { ...script, scale: 0.62 } : caps);
    else faces.push(lettering === 'script' ? script : lettering === 'serif' ? serif : caps);
  }
  return faces;
}

const MAX_HEADLINE_SIZE: Record<Lettering, number> = { script: 112, serif: 96, caps: 84, mixed: 96 };

/**
 * Stacks lines by their ink boxes. Consecutive swash-script lines may interleave (descenders between
 * ascenders), which is how hand-lettered lockups are set; everything else keeps a small gap.
 */
function stackLines(
  lines: readonly string[],
  faces: Face[],
  size: number,
  cx: number,
  top: number,
): SetLine[] {
  const out: SetLine[] = [];
  let cursor = top;
  lines.forEach((line, i) => {
    const face = faces[i]!;
    const previous = faces[i - 1];
    if (previous)
      cursor +=
        previous.overlap > 0 && face.overlap > 0
          ? -Math.min(previous.overlap, face.overlap) * size
          : 0.08 * size;
    const probe = setLine(face, line, size * face.scale, cx, 0);
    const placed = setLine(face, line, size * face.scale, cx, cursor - probe.top);
    out.push(placed);
    cursor = placed.bottom;
  });
  return out;
}

/** The largest size at which the headline fits the box; the stack scales linearly, so one measure suffices. */
function fitHeadline(
  lines: readonly string[],
  faces: Face[],
  maxSize: number,
  width: number,
  height: number,
): number {
  const reference = 100;
  const set = stackLines(lines, faces, reference, 0, 0);
  const widest = Math.max(...set.map((l) => l.right - l.left));
  const tall = set[set.length - 1]!.bottom - set[0]!.top;
  return Math.min(maxSize, (width / widest) * reference, (height / tall) * reference);
}

// ---------------------------------------------------------------------------------------------------------
// Cover design

type Composition = { layout: 'scatter' } | { layout: 'hero-top' | 'hero-bottom'; motif: Motif };

/** The art direction for one cover; everything not named here (exact positions, jitter) comes from the seed. */
export type CoverArt = PaletteChoice & Composition & { lettering: Lettering; motion?: Motion };

export type CoverDesign = CoverArt & {
  occasion: Occasion;
  headline: string;
  subtitle: string;
  /** Usually the template slug. */
  seed: string;
};

interface Paint {
  c: (index: number) => string;
  metal: string;
  light: string;
  ink: string;
  /** Outline colour that reads on the background. */
  line: string;
  shadow: string;
  dark: boolean;
  style: StyleKey;
}

interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

interface HeroPlacement {
  x: number;
  y: number;
  scale: number;
  rotate: number;
}

interface Scene {
  design: CoverDesign;
  palette: Palette;
  paint: Paint;
  hero: HeroPlacement | null;
  /** Ink box of headline + subtitle, kept clear of particles. */
  text: Rect;
  /** Centre of attention for background radial effects. */
  focus: Point;
}

function defs(palette: Palette, style: StyleKey): string {
  const metalStops = palette.metal
    .map((c, i) => `<stop offset="${n(i / (palette.metal.length - 1))}" stop-color="${c}"/>`)
    .join('');
  const glowColor = style === 'elegant' ? palette.metal[2]! : '#ffe6a6';
  return (
    '<defs>' +
    `<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/></linearGradient>` +
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">${metalStops}</linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${glowColor}" stop-opacity="0.75"/><stop offset="0.45" stop-color="${glowColor}" stop-opacity="0.25"/><stop offset="1" stop-color="${glowColor}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="bokeh"><stop offset="0" stop-color="${palette.metal[1]}" stop-opacity="0.5"/><stop offset="0.7" stop-color="${palette.metal[1]}" stop-opacity="0.22"/><stop offset="1" stop-color="${palette.metal[1]}" stop-opacity="0"/></radialGradient>` +
    '<radialGradient id="vignette" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>' +
    '<radialGradient id="lamp" cx="0.5" cy="0.55" r="0.6"><stop offset="0" stop-color="#fffbe0"/><stop offset="0.5" stop-color="#ffd66b"/><stop offset="1" stop-color="#f29a1f"/></radialGradient>' +
    '</defs>'
  );
}

function svgDocument(scene: Scene, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(scene.palette, scene.design.style)}${body}</svg>`;
}

function uidFactory(prefix: string): (name: string) => string {
  let counter = 0;
  return (name) => `${prefix}${name}${++counter}`;
}

// ---------------------------------------------------------------------------------------------------------
// Hero illustrations, drawn in a local box of roughly ±150 around the origin

interface HeroContext {
  p: Paint;
  rng: Rng;
  /** Local y of the line hanging things are tied to (the top edge, or just below the headline). */
  ceiling: number;
  /** Swing angle in degrees for the i-th hanging item at the current frame. */
  sway: (index: number) => number;
  uid: (name: string) => string;
}

interface HeroDefinition {
  /** Hanging heroes swing item by item instead of as a whole. */
  hanging: boolean;
  draw: (h: HeroContext) => string;
}

function balloons(heartShaped: boolean): HeroDefinition {
  return {
    hanging: false,
    draw: ({ p, rng }) => {
      const spots: Point[] = rng.chance(0.5)
        ? [
            [-72, -30],
            [64, -46],
            [-4, -96],
          ]
        : [
            [-80, -50],
            [2, -104],
            [78, -38],
            [-14, -14],
          ];
      let strings = '';
      let bodies = '';
      spots.forEach(([x, y], i) => {
        const color = p.c(i);
        const bottom = heartShaped ? y + 58 : y + 62;
        strings += `<path d="M${n(x)},${n(bottom + 8)}C${n(x + 12)},${n(bottom + 50)} ${n(-x * 0.25)},100 0,142" fill="none" stroke="${p.line}" stroke-opacity="0.6" stroke-width="1.6"/>`;
        const shape = heartShaped
          ? `<path d="${heartPath(x, y, 58)}" fill="${color}"/>`
          : `<ellipse cx="${n(x)}" cy="${n(y)}" rx="50" ry="62" fill="${color}"/>`;
        bodies +=
          shape +
          `<path d="M${n(x - 7)},${n(bottom + 9)}L${n(x + 7)},${n(bottom + 9)}L${n(x)},${n(bottom - 2)}Z" fill="${mix(color, '#000000', 0.15)}"/>` +
          `<ellipse cx="${n(x - 18)}" cy="${n(y - 24)}" rx="10" ry="19" fill="#ffffff" fill-opacity="0.38" transform="rotate(28 ${n(x - 18)} ${n(y - 24)})"/>` +
          `<circle cx="${n(x - 27)}" cy="${n(y + 2)}" r="4" fill="#ffffff" fill-opacity="0.3"/>`;
      });
      const bow =
        `<path d="M0,142C-26,124 -34,152 0,144C34,152 26,124 0,142Z" fill="${p.metal}"/>` +
        `<path d="M0,143L-12,170M0,143L10,172" stroke="${p.metal}" stroke-width="4" stroke-linecap="round"/>`;
      return strings + bodies + bow;
    },
  };
}

function dripPath(x0: number, x1: number, y: number, depth: number, rng: Rng): string {
  const drips = 6;
  const step = (x1 - x0) / drips;
  let d = `M${n(x0)},${n(y)}L${n(x1)},${n(y)}L${n(x1)},${n(y + depth * 0.4)}`;
  for (let i = drips; i > 0; i--) {
    const right = x0 + i * step;
    const mid = right - step / 2;
    const drop = depth * rng.range(0.6, 1.3);
    d += `Q${n(right - step * 0.1)},${n(y + drop)} ${n(mid)},${n(y + drop)}Q${n(right - step * 0.9)},${n(y + drop)} ${n(right - step)},${n(y + depth * 0.4)}`;
  }
  return `${d}Z`;
}

const HEROES: Record<Motif, HeroDefinition> = {
  balloons: balloons(false),
  'heart-balloons': balloons(true),
  cake: {
    hanging: false,
    draw: ({ p, rng }) => {
      let candles = '';
      for (const x of [-42, 0, 42]) {
        candles +=
          `<circle cx="${x}" cy="-96" r="26" fill="url(#glow)"/>` +
          `<rect x="${x - 6}" y="-88" width="12" height="50" rx="3" fill="${p.c(3)}"/>` +
          `<path d="M${x - 6},-76L${x + 6},-84M${x - 6},-62L${x + 6},-70M${x - 6},-48L${x + 6},-56" stroke="${p.c(2)}" stroke-width="3"/>` +
          `<path d="M${x},-118Q${x + 10},-102 ${x},-92Q${x - 10},-102 ${x},-118Z" fill="#ffb92e"/>` +
          `<path d="M${x},-108Q${x + 4},-100 ${x},-95Q${x - 4},-100 ${x},-108Z" fill="#fff3b0"/>`;
      }
      let dots = '';
      for (let i = 0; i < 9; i++) dots += `<circle cx="${-96 + i * 24}" cy="104" r="5" fill="${p.c(2)}"/>`;
      return (
        `<ellipse cx="0" cy="134" rx="140" ry="16" fill="${p.dark ? p.light : p.ink}" fill-opacity="0.18"/>` +
        `<rect x="-120" y="28" width="240" height="100" rx="12" fill="${p.c(0)}"/>` +
        `<path d="${dripPath(-120, 120, 28, 26, rng)}" fill="${p.c(3)}"/>` +
        dots +
        `<rect x="-82" y="-40" width="164" height="70" rx="10" fill="${p.c(1)}"/>` +
        `<path d="${dripPath(-82, 82, -40, 20, rng)}" fill="${p.light}"/>` +
        candles
      );
    },
  },
  gift: {
    hanging: false,
    draw: ({ p }) => {
      let dots = '';
      for (let row = 0; row < 3; row++) {
        for (let col = 0; col < 4; col++) {
          const x = -80 + col * 48 + (row % 2) * 24;
          if (Math.abs(x) > 24)
            dots += `<circle cx="${x}" cy="${20 + row * 40}" r="7" fill="${p.c(2)}" fill-opacity="0.75"/>`;
        }
      }
      return (
        `<rect x="-100" y="-10" width="200" height="150" rx="8" fill="${p.c(0)}"/>` +
        dots +
        `<rect x="-116" y="-52" width="232" height="48" rx="8" fill="${mix(p.c(0), '#ffffff', 0.12)}"/>` +
        `<rect x="-116" y="-8" width="232" height="8" fill="#000000" fill-opacity="0.12"/>` +
        `<rect x="-17" y="-52" width="34" height="192" fill="${p.c(1)}"/>` +
        `<path d="M0,-52C-60,-130 -118,-60 0,-52ZM0,-52C60,-130 118,-60 0,-52Z" fill="${p.c(1)}"/>` +
        `<path d="M0,-54C-40,-100 -84,-66 0,-54Z" fill="#000000" fill-opacity="0.1"/>` +
        `<circle cx="0" cy="-54" r="15" fill="${mix(p.c(1), '#000000', 0.12)}"/>`
      );
    },
  },
  rings: {
    hanging: false,
    draw: ({ p, uid }) => {
      const clip = uid('ring');
      const ring = (x: number): string =>
        `<circle cx="${x}" cy="20" r="62" fill="none" stroke="url(#metal)" stroke-width="15"/>` +
        `<circle cx="${x}" cy="20" r="56" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>`;
      return (
        '<g transform="rotate(-8)">' +
        `<circle cx="0" cy="20" r="150" fill="url(#glow)" fill-opacity="0.6"/>` +
        ring(-38) +
        ring(38) +
        `<clipPath id="${clip}"><circle cx="0" cy="-29" r="17"/></clipPath>` +
        `<g clip-path="url(#${clip})">${ring(-38)}</g>` +
        '<path d="M12,-58L26,-76L50,-76L64,-58L38,-30Z" fill="#f4fbff" stroke="#b9d4e6" stroke-width="1.5"/>' +
        '<path d="M12,-58L64,-58M26,-76L32,-58L38,-30L44,-58L50,-76" fill="none" stroke="#b9d4e6" stroke-width="1.2"/>' +
        '<path d="M26,-76L32,-58L44,-58L50,-76Z" fill="#ffffff"/>' +
        `<path d="${sparklePath(84, -92, 16)}" fill="${p.light}"/>` +
        `<path d="${sparklePath(-100, -50, 10)}" fill="${p.light}" fill-opacity="0.8"/>` +
        '</g>'
      );
    },
  },
  champagne: {
    hanging: false,
    draw: ({ p }) => {
      const glass = (x: number, angle: number): string =>
        `<g transform="rotate(${angle} ${x} 120) translate(${x} 0)">` +
        `<path d="M-20,-72L20,-72L15,-8Q0,10 -15,-8Z" fill="url(#metal)"/>` +
        '<circle cx="-4" cy="-40" r="3" fill="#ffffff" fill-opacity="0.8"/><circle cx="6" cy="-24" r="2.4" fill="#ffffff" fill-opacity="0.8"/><circle cx="-2" cy="-58" r="2" fill="#ffffff" fill-opacity="0.8"/>' +
        `<path d="M-24,-110L24,-110L16,-8Q0,12 -16,-8Z" fill="${p.light}" fill-opacity="0.4" stroke="${p.line}" stroke-width="3" stroke-linejoin="round"/>` +
        `<path d="M0,4L0,104" stroke="${p.line}" stroke-width="4"/>` +
        `<ellipse cx="0" cy="108" rx="30" ry="7" fill="${p.line}"/>` +
        `<path d="M-14,-100L-10,-30" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3" stroke-linecap="round"/>` +
        '</g>';
      return (
        '<g transform="translate(0 -20) scale(1.28)">' +
        glass(-50, 11) +
        glass(50, -11) +
        '</g>' +
        `<path d="${sparklePath(0, -176, 24)}" fill="${p.dark ? p.light : p.metal}"/>` +
        `<path d="${sparklePath(-48, -192, 10)}" fill="${p.dark ? p.light : p.metal}" fill-opacity="0.8"/>` +
        `<path d="${sparklePath(50, -200, 12)}" fill="${p.dark ? p.light : p.metal}" fill-opacity="0.8"/>`
      );
    },
  },
  mortarboard: {
    hanging: false,
    draw: ({ p }) => {
      const base = mix(p.c(0), '#000000', 0.28);
      return (
        '<g transform="rotate(-20) translate(0 96)">' +
        `<rect x="-118" y="-20" width="236" height="42" rx="21" fill="${p.light}"/>` +
        `<ellipse cx="-118" cy="1" rx="10" ry="21" fill="${mix(p.light, '#000000', 0.12)}"/>` +
        `<rect x="-14" y="-21" width="28" height="44" fill="${p.c(1)}"/>` +
        '</g>' +
        `<path d="M-74,-8L-74,46Q0,78 74,46L74,-8Q0,26 -74,-8Z" fill="${base}"/>` +
        `<path d="M0,-68L144,-20L0,28L-144,-20Z" fill="${mix(p.c(0), '#000000', 0.4)}" transform="translate(0 9)"/>` +
        `<path d="M0,-68L144,-20L0,28L-144,-20Z" fill="${p.c(0)}"/>` +
        `<path d="M0,-68L144,-20L0,28Z" fill="#ffffff" fill-opacity="0.1"/>` +
        `<path d="M0,-20Q62,-24 104,-6L104,52" fill="none" stroke="${p.c(1)}" stroke-width="4"/>` +
        `<circle cx="0" cy="-20" r="8" fill="${p.c(1)}"/>` +
        `<path d="M96,52L112,52L120,96L88,96Z" fill="${p.c(1)}"/>` +
        `<path d="M92,72L92,96M98,72L98,96M104,72L104,96M110,72L110,96M116,72L116,96" stroke="${mix(p.c(1), '#000000', 0.2)}" stroke-width="1.6"/>`
      );
    },
  },
  lanterns: {
    hanging: true,
    draw: ({ p, ceiling, sway }) => {
      const lantern = (x: number, y: number, s: number, index: number): string => {
        const metal = p.metal;
        return (
          `<g transform="rotate(${n(sway(index))} ${x} ${n(ceiling)})">` +
          `<path d="M${x},${n(ceiling)}L${x},${n(y - 76 * s)}" stroke="${metal}" stroke-width="2"/>` +
          `<circle cx="${x}" cy="${n(y + 4 * s)}" r="${n(96 * s)}" fill="url(#glow)"/>` +
          `<g transform="translate(${x} ${y}) scale(${s})">` +
          `<circle cx="0" cy="-72" r="6" fill="none" stroke="${metal}" stroke-width="3"/>` +
          `<path d="M-14,-52Q0,-78 14,-52Z" fill="${metal}"/>` +
          `<path d="M-34,-40L34,-40L20,-54L-20,-54Z" fill="${metal}"/>` +
          `<path d="M-34,-40L34,-40L42,8L34,52L-34,52L-42,8Z" fill="url(#lamp)"/>` +
          `<path d="M-34,-40L34,-40L42,8L34,52L-34,52L-42,8ZM-14,-40L-16,52M14,-40L16,52M-42,8L42,8" fill="none" stroke="${metal}" stroke-width="4" stroke-linejoin="round"/>` +
          `<path d="M-26,-20Q-27,-32 -21,-32Q-16,-32 -17,-20ZM17,-20Q16,-32 21,-32Q27,-32 26,-20Z" fill="${metal}" fill-opacity="0.7"/>` +
          `<path d="M-34,52L34,52L14,70L-14,70Z" fill="${metal}"/>` +
          `<path d="M0,70Q8,80 0,92Q-8,80 0,70Z" fill="${metal}"/>` +
          '</g></g>'
        );
      };
      return lantern(-98, 10, 0.78, 0) + lantern(96, 40, 0.7, 2) + lantern(0, -10, 1.05, 1);
    },
  },
  crescent: {
    hanging: false,
    draw: ({ p, rng }) => {
      // Pastel foils vanish on pastel paper; only Elegant's real gold is trusted to carry the moon.
      const moon = p.style === 'elegant' ? p.metal : p.c(0);
      let stars = '';
      for (let i = 0; i < 5; i++) {
        stars += `<path d="${starPath(rng.range(-140, 140), rng.range(-140, 140), rng.range(5, 9), rng.range(2, 3.5))}" fill="${p.light}" fill-opacity="${n2(rng.range(0.5, 0.9))}"/>`;
      }
      return (
        `<circle cx="0" cy="0" r="160" fill="url(#glow)" fill-opacity="0.8"/>` +
        stars +
        `<path d="${crescentPath(118, 104, 52)}" fill="${moon}" transform="rotate(-32)"/>` +
        `<path d="${starPath(40, -40, 26, 10)}" fill="${moon}"/>`
      );
    },
  },
  mosque: {
    hanging: false,
    draw: ({ p }) => {
      // Retro backdrops are drawn in the accent colours, so the silhouette takes the cream instead.
      const fill = p.style === 'elegant' ? p.metal : p.style === 'retro' ? p.light : p.c(0);
      const onion = (x: number, base: number, w: number, h: number): string =>
        `<path d="M${x - w},${base}C${x - w},${base - h * 0.55} ${x - w * 0.15},${base - h * 0.7} ${x},${base - h}C${x + w * 0.15},${base - h * 0.7} ${x + w},${base - h * 0.55} ${x + w},${base}Z" fill="${fill}"/>`;
      const minaret = (x: number): string =>
        `<rect x="${x - 10}" y="-84" width="20" height="200" fill="${fill}"/>` +
        `<rect x="${x - 16}" y="-40" width="32" height="8" rx="2" fill="${fill}"/>` +
        `<path d="M${x - 12},-84L${x},-124L${x + 12},-84Z" fill="${fill}"/>` +
        `<circle cx="${x}" cy="-130" r="3" fill="${fill}"/>`;
      let windows = '';
      for (const x of [-96, -60, 60, 96]) {
        windows += `<path d="M${x - 8},104L${x - 8},84Q${x},70 ${x + 8},84L${x + 8},104Z" fill="url(#lamp)"/>`;
      }
      return (
        `<circle cx="0" cy="-20" r="170" fill="url(#glow)" fill-opacity="0.7"/>` +
        `<path d="${crescentPath(22, 19, 10)}" fill="${fill}" transform="translate(0 -150) rotate(-30)"/>` +
        `<rect x="-1.5" y="-132" width="3" height="30" fill="${fill}"/>` +
        minaret(-128) +
        minaret(128) +
        onion(0, 20, 76, 122) +
        `<rect x="-66" y="12" width="132" height="40" fill="${fill}"/>` +
        onion(-78, 60, 34, 54) +
        onion(78, 60, 34, 54) +
        `<rect x="-150" y="56" width="300" height="62" fill="${fill}"/>` +
        `<path d="M-20,116L-20,82Q0,58 20,82L20,116Z" fill="url(#lamp)"/>` +
        windows
      );
    },
  },
  tree: {
    hanging: false,
    draw: ({ p, rng }) => {
      const green = p.c(0);
      const tiers: [number, number, number][] = [
        [-128, -40, 66],
        [-82, 34, 102],
        [-34, 112, 140],
      ];
      let body = `<rect x="-15" y="108" width="30" height="36" rx="4" fill="#7a4b2a"/>`;
      for (const [top, bottom, half] of tiers) {
        body +=
          `<path d="M0,${top}L${half},${bottom}Q0,${bottom + 16} ${-half},${bottom}Z" fill="${green}"/>` +
          `<path d="M0,${top}L${-half},${bottom}Q${-half * 0.4},${bottom + 10} 0,${bottom + 8}Z" fill="#ffffff" fill-opacity="0.1"/>`;
      }
      body +=
        `<path d="M-54,-22Q4,8 58,-26M-84,54Q0,92 92,46" fill="none" stroke="${p.metal}" stroke-width="4" stroke-dasharray="0.1 9" stroke-linecap="round"/>` +
        `<path d="M-74,-10Q-6,22 48,-6M-118,100Q0,136 116,92" fill="none" stroke="${p.light}" stroke-opacity="0.7" stroke-width="2"/>`;
      const spots: Point[] = [
        [-30, -60],
        [28, -16],
        [-48, 16],
        [60, 70],
        [-10, 60],
        [-86, 90],
        [100, 106],
        [20, 100],
      ];
      spots.forEach(([x, y], i) => {
        const color = i % 3 === 0 ? p.c(1) : i % 3 === 1 ? p.c(2) : p.light;
        const r = rng.range(6, 10);
        body +=
          `<circle cx="${x}" cy="${y}" r="${n(r)}" fill="${color}"/>` +
          `<circle cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.35)}" r="${n(r * 0.3)}" fill="#ffffff" fill-opacity="0.6"/>`;
      });
      return (
        `<circle cx="0" cy="-128" r="48" fill="url(#glow)"/>` +
        body +
        `<path d="${starPath(0, -132, 25, 10)}" fill="url(#metal)"/>`
      );
    },
  },
  baubles: {
    hanging: true,
    draw: ({ p, ceiling, sway, uid }) => {
      const bauble = (x: number, y: number, r: number, index: number): string => {
        const clip = uid('bauble');
        const color = p.c(index === 1 ? 0 : index === 0 ? 1 : 2);
        const band = index % 2 === 0 ? p.light : p.metal;
        const zig = Array.from(
          { length: 9 },
          (_, k) => `${n(x - r + (k * r) / 4)},${n(y + (k % 2 === 0 ? -6 : 6))}`,
        ).join('L');
        return (
          `<g transform="rotate(${n(sway(index))} ${x} ${n(ceiling)})">` +
          `<path d="M${x},${n(ceiling)}L${x},${n(y - r - 10)}" stroke="${p.metal}" stroke-width="2"/>` +
          `<rect x="${n(x - r * 0.22)}" y="${n(y - r - 12)}" width="${n(r * 0.44)}" height="16" rx="3" fill="url(#metal)"/>` +
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
          `<clipPath id="${clip}"><circle cx="${x}" cy="${y}" r="${r}"/></clipPath>` +
          `<g clip-path="url(#${clip})">` +
          `<path d="M${zig}" fill="none" stroke="${band}" stroke-width="6"/>` +
          `<rect x="${x - r}" y="${n(y - r * 0.55)}" width="${r * 2}" height="5" fill="${band}" fill-opacity="0.8"/>` +
          `<rect x="${x - r}" y="${n(y + r * 0.5)}" width="${r * 2}" height="5" fill="${band}" fill-opacity="0.8"/>` +
          `<circle cx="${n(x + r * 0.3)}" cy="${n(y + r * 0.4)}" r="${r}" fill="#000000" fill-opacity="0.12"/></g>` +
          `<ellipse cx="${n(x - r * 0.38)}" cy="${n(y - r * 0.4)}" rx="${n(r * 0.18)}" ry="${n(r * 0.3)}" fill="#ffffff" fill-opacity="0.45" transform="rotate(35 ${n(x - r * 0.38)} ${n(y - r * 0.4)})"/>` +
          '</g>'
        );
      };
      return bauble(-92, -6, 46, 0) + bauble(94, -34, 42, 2) + bauble(4, 48, 62, 1);
    },
  },
  wreath: {
    hanging: false,
    draw: ({ p, rng }) => {
      const greens = [
        mix('#2f6b45', p.c(0), 0.15),
        mix('#4a9460', p.c(0), 0.15),
        mix('#1f4d33', p.c(0), 0.1),
      ];
      let leaves = '';
      for (let i = 0; i < 48; i++) {
        const a = (i / 48) * TAU + rng.range(-0.05, 0.05);
        const r = 108 + rng.range(-16, 16);
        const x = Math.cos(a) * r;
        const y = Math.sin(a) * r;
        leaves += leaf(
          x,
          y,
          rng.range(30, 42),
          rng.range(8, 12),
          (a * 180) / Math.PI + rng.range(-60, 20),
          rng.pick(greens),
        );
      }
      let berries = '';
      for (let i = 0; i < 7; i++) {
        const a = (i / 7) * TAU + 0.3;
        const x = Math.cos(a) * 112;
        const y = Math.sin(a) * 112;
        for (const [dx, dy] of [
          [0, 0],
          [9, 5],
          [-2, 10],
        ] as const) {
          berries += `<circle cx="${n(x + dx)}" cy="${n(y + dy)}" r="6" fill="${p.c(1)}"/>`;
        }
      }
      const bow = p.c(1) === p.c(2) ? p.metal : p.c(1);
      return (
        leaves +
        berries +
        `<path d="M0,112C-56,70 -76,140 0,116C76,140 56,70 0,112Z" fill="${bow}"/>` +
        `<path d="M-4,116L-30,170L-14,166L-4,178ZM4,116L30,170L14,166L4,178Z" fill="${mix(bow, '#000000', 0.15)}"/>` +
        `<circle cx="0" cy="114" r="11" fill="${mix(bow, '#000000', 0.1)}"/>`
      );
    },
  },
  pumpkin: {
    hanging: false,
    draw: ({ p }) => {
      const pumpkin = (x: number, y: number, s: number, face: boolean): string =>
        `<g transform="translate(${x} ${y}) scale(${s})">` +
        '<path d="M-6,-80Q-4,-116 16,-126L24,-116Q8,-106 10,-80Z" fill="#5e6f2c"/>' +
        '<ellipse cx="-62" cy="0" rx="62" ry="80" fill="#d9661a"/><ellipse cx="62" cy="0" rx="62" ry="80" fill="#d9661a"/>' +
        '<ellipse cx="-32" cy="0" rx="56" ry="86" fill="#ec7f22"/><ellipse cx="32" cy="0" rx="56" ry="86" fill="#ec7f22"/>' +
        '<ellipse cx="0" cy="0" rx="46" ry="88" fill="#f79536"/>' +
        '<ellipse cx="-14" cy="-40" rx="10" ry="26" fill="#ffffff" fill-opacity="0.15"/>' +
        (face
          ? '<path d="M-50,-20L-22,-20L-36,-46ZM22,-20L50,-20L36,-46ZM-8,4L8,4L0,-10Z" fill="#3a1606"/>' +
            '<path d="M-56,22Q0,70 56,22L44,30L34,22L22,36L10,26L0,40L-10,26L-22,36L-34,22L-44,30Z" fill="#3a1606"/>' +
            '<path d="M-44,-24L-28,-24L-36,-38ZM28,-24L44,-24L36,-38Z" fill="#ffc94d" fill-opacity="0.8"/>'
          : '') +
        '</g>';
      return (
        `<circle cx="0" cy="10" r="170" fill="url(#glow)" fill-opacity="${p.dark ? 0.7 : 0.35}"/>` +
        '<path d="M16,-96Q60,-140 96,-112" fill="none" stroke="#5e6f2c" stroke-width="5" stroke-linecap="round"/>' +
        leaf(60, -120, 36, 14, 60, '#6f8a32') +
        pumpkin(100, 96, 0.42, false) +
        pumpkin(-10, 20, 1.12, true)
      );
    },
  },
  ghost: {
    hanging: false,
    draw: ({ p }) =>
      `<circle cx="0" cy="-10" r="160" fill="url(#glow)" fill-opacity="${p.dark ? 0.6 : 0.3}"/>` +
      `<ellipse cx="0" cy="140" rx="70" ry="10" fill="#000000" fill-opacity="0.15"/>` +
      '<path d="M-78,70L-78,-30C-78,-130 78,-130 78,-30L78,70Q60,52 40,72Q20,92 0,72Q-20,52 -40,72Q-60,92 -78,70Z" fill="#fbf8ff"/>' +
      '<path d="M-78,20Q-112,10 -104,-18Q-94,-6 -78,-8ZM78,20Q112,10 104,-18Q94,-6 78,-8Z" fill="#fbf8ff"/>' +
      '<path d="M40,72Q20,92 0,72Q-20,52 -40,72Q-60,92 -78,70L-78,40Q0,60 78,40L78,70Q60,52 40,72Z" fill="#d9d2ec" fill-opacity="0.6"/>' +
      '<ellipse cx="-26" cy="-34" rx="10" ry="15" fill="#2a2038"/><ellipse cx="26" cy="-34" rx="10" ry="15" fill="#2a2038"/>' +
      '<circle cx="-22" cy="-40" r="3.5" fill="#ffffff"/><circle cx="30" cy="-40" r="3.5" fill="#ffffff"/>' +
      '<ellipse cx="0" cy="-4" rx="9" ry="11" fill="#2a2038"/>' +
      `<circle cx="-46" cy="-12" r="9" fill="${p.c(1)}" fill-opacity="0.45"/><circle cx="46" cy="-12" r="9" fill="${p.c(1)}" fill-opacity="0.45"/>`,
  },
  bouquet: {
    hanging: false,
    draw: ({ p, rng }) => {
      const greens = [p.c(2), p.c(3)];
      let foliage = '';
      for (const [x, y, a] of [
        [-92, -20, -60],
        [92, -30, 60],
        [-60, -96, -25],
        [70, -100, 30],
        [-110, 30, -80],
        [112, 20, 80],
      ] as const) {
        foliage += leaf(x * 0.7, y * 0.7 + 30, 74, 20, a, rng.pick(greens));
      }
      let stems = '';
      const heads: [number, number, number][] = [
        [-64, -40, 40],
        [62, -46, 38],
        [0, -86, 46],
        [-26, -4, 36],
        [34, 2, 34],
      ];
      for (const [x, y] of heads) {
        stems += `<path d="M${x},${y}Q${x * 0.3},40 0,96" stroke="${p.c(3)}" stroke-width="5" fill="none"/>`;
      }
      const kinds: FlowerKind[] = ['rose', 'bloom', 'daisy'];
      let blooms = '';
      heads.forEach(([x, y, r], i) => {
        const kind = i === 2 ? 'rose' : rng.pick(kinds);
        const petal = kind === 'daisy' ? p.light : i % 2 === 0 ? p.c(0) : p.c(1);
        blooms += flower(x, y, r, kind, petal, p.c(4), rng.range(0, 60));
      });
      const wrap = p.style === 'floral' ? p.light : mix(p.c(1), '#ffffff', 0.4);
      return (
        foliage +
        stems +
        `<path d="M-78,20L78,20L18,160L-18,160Z" fill="${wrap}"/>` +
        `<path d="M0,20L78,20L18,160Z" fill="#000000" fill-opacity="0.06"/>` +
        blooms +
        `<path d="M0,96C-44,70 -56,122 0,100C56,122 44,70 0,96Z" fill="${p.metal}"/>` +
        `<path d="M-2,100L-18,150M2,100L18,148" stroke="${p.metal}" stroke-width="5" stroke-linecap="round"/>`
      );
    },
  },
  envelope: {
    hanging: false,
    draw: ({ p }) => {
      const paper = p.style === 'minimal' ? '#ffffff' : p.light;
      const body = p.c(0);
      return (
        `<path d="M-124,-20L0,-116L124,-20Z" fill="${mix(body, '#000000', 0.18)}"/>` +
        `<rect x="-100" y="-92" width="200" height="150" rx="6" fill="${paper}"/>` +
        `<path d="M-70,-62L40,-62M-70,-42L70,-42M-70,-22L54,-22" stroke="${p.c(2)}" stroke-width="5" stroke-linecap="round" stroke-opacity="0.7"/>` +
        `<path d="M-124,-20L-124,120L124,120L124,-20L0,62Z" fill="${body}"/>` +
        `<path d="M-124,120L-20,44M124,120L20,44" stroke="#000000" stroke-opacity="0.1" stroke-width="3"/>` +
        `<path d="${heartPath(0, 58, 26)}" fill="${p.c(1)}"/>` +
        `<path d="${heartPath(-80, -136, 16)}" fill="${p.c(1)}" fill-opacity="0.85"/>` +
        `<path d="${heartPath(70, -158, 22)}" fill="${p.c(1)}"/>` +
        `<path d="${heartPath(6, -176, 12)}" fill="${p.c(1)}" fill-opacity="0.7"/>`
      );
    },
  },
  trophy: {
    hanging: false,
    draw: ({ p }) =>
      `<circle cx="0" cy="-30" r="165" fill="url(#glow)" fill-opacity="0.7"/>` +
      `<path d="M-64,-70C-128,-74 -120,4 -40,10M64,-70C128,-74 120,4 40,10" fill="none" stroke="url(#metal)" stroke-width="13" stroke-linecap="round"/>` +
      `<path d="M-76,-100L76,-100Q76,10 0,34Q-76,10 -76,-100Z" fill="url(#metal)"/>` +
      '<path d="M-56,-90Q-58,-20 -20,14Q-70,-4 -66,-90Z" fill="#ffffff" fill-opacity="0.35"/>' +
      `<rect x="-11" y="32" width="22" height="40" fill="url(#metal)"/>` +
      `<ellipse cx="0" cy="36" rx="24" ry="8" fill="url(#metal)"/>` +
      `<rect x="-56" y="70" width="112" height="20" rx="4" fill="url(#metal)"/>` +
      `<rect x="-72" y="88" width="144" height="40" rx="6" fill="${p.c(2)}"/>` +
      `<rect x="-34" y="98" width="68" height="20" rx="3" fill="url(#metal)"/>` +
      `<path d="${starPath(0, -40, 28, 11)}" fill="${p.light}" fill-opacity="0.85"/>` +
      `<path d="${sparklePath(98, -118, 16)}" fill="${p.light}"/>` +
      `<path d="${sparklePath(-104, -130, 10)}" fill="${p.light}" fill-opacity="0.8"/>`,
  },
  rattle: {
    hanging: false,
    draw: ({ p, uid }) => {
      const clip = uid('rattle');
      let stripes = '';
      for (let i = -4; i <= 4; i++) {
        stripes += `<rect x="${i * 36 - 8}" y="-160" width="16" height="240" fill="${p.light}" fill-opacity="0.45" transform="rotate(30 0 -40)"/>`;
      }
      return (
        `<circle cx="0" cy="150" r="24" fill="none" stroke="${p.c(1)}" stroke-width="11"/>` +
        `<rect x="-11" y="14" width="22" height="118" rx="11" fill="${p.c(1)}"/>` +
        `<circle cx="0" cy="-40" r="78" fill="${p.c(0)}"/>` +
        `<clipPath id="${clip}"><circle cx="0" cy="-40" r="78"/></clipPath>` +
        `<g clip-path="url(#${clip})">${stripes}<circle cx="22" cy="-18" r="78" fill="#000000" fill-opacity="0.08"/></g>` +
        `<ellipse cx="-34" cy="-76" rx="14" ry="24" fill="#ffffff" fill-opacity="0.4" transform="rotate(40 -34 -76)"/>` +
        `<path d="M0,40C-44,14 -54,66 0,44C54,66 44,14 0,40Z" fill="${p.c(2)}"/>` +
        `<circle cx="0" cy="42" r="9" fill="${mix(p.c(2), '#000000', 0.12)}"/>` +
        `<path d="${starPath(108, -100, 16, 6)}" fill="${p.c(3)}"/>` +
        `<path d="${starPath(-112, -6, 11, 4)}" fill="${p.c(3)}" fill-opacity="0.8"/>`
      );
    },
  },
  'moon-clouds': {
    hanging: true,
    draw: ({ p, ceiling, sway }) => {
      const moon = p.style === 'minimal' ? p.c(0) : '#ffe39a';
      const hangingStar = (x: number, y: number, r: number, index: number): string =>
        `<g transform="rotate(${n(sway(index))} ${x} ${n(ceiling)})">` +
        `<path d="M${x},${n(ceiling)}L${x},${y - r}" stroke="${p.line}" stroke-opacity="0.5" stroke-width="1.5"/>` +
        `<path d="${starPath(x, y, r, r * 0.45)}" fill="${p.style === 'elegant' ? p.metal : moon}"/></g>`;
      return (
        `<circle cx="-10" cy="-20" r="150" fill="url(#glow)" fill-opacity="0.7"/>` +
        hangingStar(-112, -70, 18, 0) +
        hangingStar(118, -100, 14, 1) +
        hangingStar(70, -132, 10, 2) +
        `<g transform="translate(-10 -24) rotate(-20)"><path d="${crescentPath(100, 86, 50)}" fill="${moon}"/>` +
        `<path d="M-62,-8Q-52,2 -42,-8" fill="none" stroke="${mix(moon, '#5a3a10', 0.55)}" stroke-width="4" stroke-linecap="round"/>` +
        `<circle cx="-66" cy="14" r="8" fill="#f7a0a8" fill-opacity="0.6"/></g>` +
        cloud(40, 86, 1.25, p.light) +
        cloud(-82, 112, 0.85, mix(p.light, p.c(0), 0.15))
      );
    },
  },
  teacup: {
    hanging: false,
    draw: ({ p }) =>
      `<path d="${heartPath(0, -108, 34)}" fill="none" stroke="${p.dark ? p.light : p.c(1)}" stroke-width="6" stroke-linecap="round" stroke-opacity="0.75"/>` +
      `<ellipse cx="0" cy="98" rx="136" ry="24" fill="${p.c(1)}"/>` +
      `<ellipse cx="0" cy="92" rx="96" ry="14" fill="${mix(p.c(1), '#ffffff', 0.25)}"/>` +
      `<path d="M88,-2C146,-6 146,62 72,64" fill="none" stroke="${p.c(0)}" stroke-width="15"/>` +
      `<path d="M-92,-24L92,-24Q90,78 0,92Q-90,78 -92,-24Z" fill="${p.c(0)}"/>` +
      '<path d="M-78,-10Q-74,56 -20,80Q-84,70 -86,-10Z" fill="#ffffff" fill-opacity="0.25"/>' +
      `<ellipse cx="0" cy="-24" rx="92" ry="17" fill="${mix(p.c(0), '#ffffff', 0.35)}"/>` +
      '<ellipse cx="0" cy="-22" rx="80" ry="11" fill="#b5703a"/>' +
      `<path d="${heartPath(0, 26, 20)}" fill="${p.c(2)}"/>`,
  },
  sun: {
    hanging: false,
    draw: ({ p }) => {
      let rays = '';
      for (let i = 0; i < 12; i++) {
        rays += `<rect x="-9" y="-150" width="18" height="44" rx="9" fill="${p.c(1)}" transform="rotate(${i * 30})"/>`;
      }
      const face = mix(p.c(0), '#000000', 0.45);
      return (
        `<circle r="160" fill="url(#glow)"/>` +
        rays +
        `<circle r="86" fill="${p.c(0)}"/>` +
        `<circle r="70" fill="${mix(p.c(0), '#ffffff', 0.2)}"/>` +
        `<path d="M-36,-12Q-26,-2 -16,-12M16,-12Q26,-2 36,-12M-24,16Q0,38 24,16" fill="none" stroke="${face}" stroke-width="5" stroke-linecap="round"/>` +
        '<circle cx="-44" cy="10" r="9" fill="#ff8a8a" fill-opacity="0.45"/><circle cx="44" cy="10" r="9" fill="#ff8a8a" fill-opacity="0.45"/>' +
        cloud(72, 98, 1.1, p.light) +
        cloud(-96, 72, 0.7, p.light, 0.9)
      );
    },
  },
  eggs: {
    hanging: false,
    draw: ({ p, uid }) => {
      const egg = (
        x: number,
        y: number,
        a: number,
        b: number,
        turn: number,
        color: string,
        pattern: number,
      ): string => {
        const clip = uid('egg');
        const shape =
          `M0,${-a}C${n(b * 0.56)},${-a} ${b},${n(-a * 0.25)} ${b},${n(a * 0.15)}C${b},${n(a * 0.7)} ${n(b * 0.52)},${a} 0,${a}` +
          `C${n(-b * 0.52)},${a} ${-b},${n(a * 0.7)} ${-b},${n(a * 0.15)}C${-b},${n(-a * 0.25)} ${n(-b * 0.56)},${-a} 0,${-a}Z`;
        const zig = Array.from({ length: 11 }, (_, k) => `${-b + k * (b / 5)},${k % 2 === 0 ? -8 : 8}`).join(
          'L',
        );
        const decoration =
          pattern === 0
            ? `<path d="M${zig}" fill="none" stroke="${p.light}" stroke-width="7"/><rect x="${-b}" y="${n(a * 0.35)}" width="${b * 2}" height="10" fill="${p.light}" fill-opacity="0.7"/>`
            : pattern === 1
              ? Array.from(
                  { length: 9 },
                  (_, k) =>
                    `<circle cx="${n(-b * 0.6 + (k % 3) * b * 0.6)}" cy="${n(-a * 0.5 + Math.floor(k / 3) * a * 0.5)}" r="7" fill="${p.light}" fill-opacity="0.85"/>`,
                ).join('')
              : `<rect x="${-b}" y="${n(-a * 0.3)}" width="${b * 2}" height="16" fill="${p.light}" fill-opacity="0.8"/><rect x="${-b}" y="${n(a * 0.1)}" width="${b * 2}" height="8" fill="${p.metal}"/>`;
        return (
          `<g transform="translate(${x} ${y}) rotate(${turn})">` +
          `<clipPath id="${clip}"><path d="${shape}"/></clipPath><path d="${shape}" fill="${color}"/>` +
          `<g clip-path="url(#${clip})">${decoration}<ellipse cx="${n(b * 0.5)}" cy="${n(a * 0.3)}" rx="${b}" ry="${a}" fill="#000000" fill-opacity="0.08"/></g>` +
          `<ellipse cx="${n(-b * 0.4)}" cy="${n(-a * 0.45)}" rx="${n(b * 0.16)}" ry="${n(a * 0.22)}" fill="#ffffff" fill-opacity="0.4"/></g>`
        );
      };
      let grass = 'M-160,150';
      for (let i = 0; i < 16; i++) {
        const x = -160 + i * 20;
        const tip = i % 3 === 0 ? 92 : i % 3 === 1 ? 104 : 98;
        grass += `Q${x + 4},${tip + 18} ${x + 10},${tip}Q${x + 14},${tip + 18} ${x + 20},130`;
      }
      grass += 'L160,150Z';
      // Floral palettes keep a pale cream second; eggs want three real colours.
      const [first, second, third] =
        p.style === 'floral' ? [p.c(0), p.c(4), p.c(2)] : [p.c(0), p.c(1), p.c(2)];
      return (
        egg(-66, 12, 78, 56, -14, first, 0) +
        egg(68, 4, 84, 60, 12, second, 1) +
        egg(2, 60, 70, 52, 0, third, 2) +
        `<path d="${grass}" fill="${p.c(3)}"/>` +
        flower(-110, 116, 16, 'bloom', p.light, p.c(4), 10) +
        flower(118, 124, 14, 'bloom', p.light, p.c(4), 30)
      );
    },
  },
  daisies: {
    hanging: false,
    draw: ({ p, rng }) => {
      const heads: [number, number, number][] = [
        [-70, -50, 42],
        [18, -104, 50],
        [84, -20, 38],
      ];
      let stems = '';
      let leaves = '';
      heads.forEach(([x, y], i) => {
        stems += `<path d="M${x},${y}Q${x * 0.4},60 ${i * 8 - 8},150" stroke="${p.c(3)}" stroke-width="6" fill="none"/>`;
        leaves += leaf(x * 0.5, 60 - i * 10, 60, 16, i % 2 === 0 ? -50 : 50, p.c(2));
      });
      const petal = p.style === 'minimal' ? p.c(1) : p.light;
      return (
        stems +
        leaves +
        heads.map(([x, y, r]) => flower(x, y, r, 'daisy', petal, p.c(4), rng.range(0, 30))).join('') +
        `<path d="M-90,150Q-60,100 -40,150ZM40,150Q70,96 96,150Z" fill="${p.c(2)}"/>`
      );
    },
  },
  heart: {
    hanging: false,
    draw: ({ p }) =>
      `<circle cx="0" cy="0" r="160" fill="url(#glow)" fill-opacity="0.6"/>` +
      `<path d="M-150,64L150,-64" stroke="${p.metal}" stroke-width="6"/>` +
      `<path d="M-150,64L-170,56L-164,76ZM-138,59L-158,51L-152,71Z" fill="${p.metal}"/>` +
      `<path d="${heartPath(0, 0, 112)}" fill="${p.c(0)}"/>` +
      `<path d="${heartPath(-6, -6, 90)}" fill="#ffffff" fill-opacity="0.1"/>` +
      `<ellipse cx="-60" cy="-48" rx="16" ry="26" fill="#ffffff" fill-opacity="0.35" transform="rotate(-40 -60 -48)"/>` +
      `<path d="M60,-26L150,-64" stroke="${p.metal}" stroke-width="6"/>` +
      `<path d="M150,-64L132,-74L172,-74L140,-48Z" fill="${p.metal}"/>` +
      `<path d="${heartPath(-118, -92, 24)}" fill="${p.c(1)}"/>` +
      `<path d="${heartPath(122, 76, 18)}" fill="${p.c(1)}" fill-opacity="0.8"/>`,
  },
};

// ---------------------------------------------------------------------------------------------------------
// Particles

type ParticleKind =
  | 'confetti'
  | 'dot'
  | 'squiggle'
  | 'triangle'
  | 'heart'
  | 'star'
  | 'sparkle'
  | 'snowflake'
  | 'petal'
  | 'leaf'
  | 'bat'
  | 'cloud';

const OCCASION_PARTICLES: Record<Occasion, readonly ParticleKind[]> = {
  birthday: ['confetti', 'confetti', 'dot', 'squiggle', 'triangle', 'sparkle'],
  wedding: ['heart', 'petal', 'sparkle', 'dot'],
  graduation: ['star', 'confetti', 'sparkle', 'dot'],
  valentines: ['heart', 'heart', 'sparkle', 'dot'],
  ramadan: ['star', 'sparkle', 'sparkle', 'dot'],
  eid: ['star', 'sparkle', 'sparkle', 'dot'],
  christmas: ['snowflake', 'snowflake', 'dot', 'star'],
  halloween: ['bat', 'star', 'dot', 'star'],
  'thank-you': ['heart', 'leaf', 'sparkle', 'dot'],
  congrats: ['confetti', 'squiggle', 'star', 'dot', 'confetti'],
  'new-baby': ['star', 'dot', 'heart', 'cloud'],
  'get-well': ['petal', 'leaf', 'sparkle', 'dot'],
  'just-because': ['heart', 'sparkle', 'dot', 'petal'],
  easter: ['petal', 'dot', 'leaf', 'sparkle'],
};

interface Particle {
  kind: ParticleKind;
  x: number;
  y: number;
  size: number;
  turn: number;
  /** Whole turns per loop, so spinning stays seamless. */
  spin: number;
  color: string;
  phase: number;
  opacity: number;
}

function particleShape(kind: ParticleKind, color: string): string {
  switch (kind) {
    case 'confetti':
      return `<rect x="-0.25" y="-0.55" width="0.5" height="1.1" rx="0.08" fill="${color}"/>`;
    case 'dot':
      return `<circle r="0.34" fill="${color}"/>`;
    case 'squiggle':
      return `<path d="M-0.8,0Q-0.6,-0.4 -0.4,0T0,0T0.4,0T0.8,0" fill="none" stroke="${color}" stroke-width="0.2" stroke-linecap="round"/>`;
    case 'triangle':
      return `<path d="M0,-0.5L0.5,0.4L-0.5,0.4Z" fill="${color}"/>`;
    case 'heart':
      return `<path d="${heartPath(0, 0, 0.6)}" fill="${color}"/>`;
    case 'star':
      return `<path d="${starPath(0, 0, 0.62, 0.26)}" fill="${color}"/>`;
    case 'sparkle':
      return `<path d="${sparklePath(0, 0, 0.75)}" fill="${color}"/>`;
    case 'snowflake':
      return (
        `<g stroke="${color}" stroke-width="0.09" stroke-linecap="round" fill="none">` +
        [0, 60, 120]
          .map(
            (a) =>
              `<path d="M0,-0.7L0,0.7M-0.2,-0.5L0,-0.32L0.2,-0.5M-0.2,0.5L0,0.32L0.2,0.5" transform="rotate(${a})"/>`,
          )
          .join('') +
        '</g>'
      );
    case 'petal':
      return `<path d="M0,-0.6C0.4,-0.4 0.4,0.3 0,0.6C-0.4,0.3 -0.4,-0.4 0,-0.6Z" fill="${color}"/>`;
    case 'leaf':
      return `<path d="M0,0.6Q0.35,0 0,-0.6Q-0.35,0 0,0.6Z" fill="${color}"/><path d="M0,0.6L0,-0.4" stroke="#000000" stroke-opacity="0.15" stroke-width="0.05"/>`;
    case 'bat':
      return (
        `<path d="M0,-0.12C0.08,-0.3 0.22,-0.3 0.3,-0.18C0.5,-0.42 0.82,-0.38 1,-0.12C0.86,-0.06 0.8,0.06 0.76,0.16C0.66,0.06 0.54,0.06 0.46,0.16C0.36,0.06 0.22,0.06 0.12,0.2L0,0.06L-0.12,0.2C-0.22,0.06 -0.36,0.06 -0.46,0.16C-0.54,0.06 -0.66,0.06 -0.76,0.16C-0.8,0.06 -0.86,-0.06 -1,-0.12C-0.82,-0.38 -0.5,-0.42 -0.3,-0.18C-0.22,-0.3 -0.08,-0.3 0,-0.12Z" fill="${color}"/>` +
        `<path d="M-0.1,-0.18L-0.08,-0.32L-0.02,-0.2ZM0.1,-0.18L0.08,-0.32L0.02,-0.2Z" fill="${color}"/>`
      );
    case 'cloud':
      return `<g fill="${color}"><circle cx="-0.3" cy="0.05" r="0.24"/><circle cx="0" cy="-0.1" r="0.32"/><circle cx="0.3" cy="0.05" r="0.22"/><rect x="-0.5" y="0" width="1" height="0.27" rx="0.13"/></g>`;
  }
}

const PARTICLE_SIZE: Record<ParticleKind, [number, number]> = {
  confetti: [14, 24],
  dot: [8, 16],
  squiggle: [18, 28],
  triangle: [12, 20],
  heart: [16, 30],
  star: [12, 24],
  sparkle: [12, 26],
  snowflake: [16, 34],
  petal: [14, 24],
  leaf: [16, 26],
  bat: [34, 52],
  cloud: [34, 54],
};

const PARTICLE_COUNT: Record<StyleKey, [number, number]> = {
  elegant: [14, 20],
  playful: [24, 32],
  minimal: [7, 11],
  floral: [14, 20],
  retro: [14, 20],
};

function particleColor(kind: ParticleKind, scene: Scene, rng: Rng): string {
  const { palette, paint } = scene;
  if (kind === 'snowflake')
    return paint.dark ? palette.light : rng.pick([palette.colors[0]!, palette.colors[1]!]);
  if (kind === 'bat') return paint.dark ? mix(palette.bg[1], '#000000', 0.6) : palette.shadow;
  if (kind === 'cloud') return paint.dark ? palette.light : '#ffffff';
  if (scene.design.style === 'elegant')
    return rng.pick([palette.metal[1]!, palette.metal[2]!, palette.light]);
  if (scene.design.style === 'minimal') return rng.pick(palette.colors.slice(0, 2));
  const candidates = palette.colors.filter((c) => Math.abs(luminance(c) - luminance(palette.bg[0])) > 0.12);
  return rng.pick(candidates.length > 0 ? candidates : palette.colors);
}

function inside(rect: Rect, x: number, y: number, margin: number): boolean {
  return x > rect.x1 - margin && x < rect.x2 + margin && y > rect.y1 - margin && y < rect.y2 + margin;
}

/**
 * Falling particles live on a lattice that repeats every FALL_PERIOD pixels down (shifted sideways by
 * FALL_DRIFT, wrapping horizontally), and move by exactly one period per loop: frame 0 follows the last.
 */
const FALL_PERIOD = 320;
const FALL_DRIFT = 70;

/** Scattered particles that keep clear of the lettering and the hero, with a minimum spacing between them. */
function scatterParticles(scene: Scene, rng: Rng, falling: boolean): Particle[] {
  const kinds = OCCASION_PARTICLES[scene.design.occasion];
  const [minCount, maxCount] = PARTICLE_COUNT[scene.design.style];
  // The falling lattice repeats every FALL_PERIOD pixels, so each particle shows up two or three times.
  const count = Math.round(rng.int(minCount, maxCount) * (falling ? 0.55 : 1));
  const out: Particle[] = [];
  for (let attempt = 0; attempt < count * 40 && out.length < count; attempt++) {
    const x = rng.range(18, W - 18);
    const y = rng.range(18, H - 18);
    if (!falling) {
      if (inside(scene.text, x, y, 26)) continue;
      const hero = scene.hero;
      if (hero && Math.hypot(x - hero.x, y - hero.y) < 150 * hero.scale) continue;
    }
    if (out.some((p) => Math.hypot(p.x - x, p.y - y) < 46)) continue;
    const kind = rng.pick(kinds);
    const [smallest, largest] = PARTICLE_SIZE[kind];
    out.push({
      kind,
      x,
      y,
      size: rng.range(smallest, largest),
      turn: kind === 'bat' || kind === 'cloud' ? rng.range(-12, 12) : rng.range(0, 360),
      spin: kind === 'bat' || kind === 'cloud' || kind === 'heart' ? 0 : rng.pick([-1, 1]),
      color: particleColor(kind, scene, rng),
      phase: rng.next(),
      opacity: rng.range(0.75, 1),
    });
  }
  return out;
}

function drawParticle(
  p: Particle,
  x: number,
  y: number,
  turn: number,
  scale: number,
  opacity: number,
): string {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(turn)}) scale(${n(p.size * scale)})" fill-opacity="${n2(opacity)}" stroke-opacity="${n2(opacity)}">${particleShape(p.kind, p.color)}</g>`;
}

/** How visible a falling particle is near the lettering: it fades out as if passing behind the words. */
function clearance(text: Rect, x: number, y: number): number {
  const dx = Math.max(text.x1 - x, 0, x - text.x2);
  const dy = Math.max(text.y1 - y, 0, y - text.y2);
  return Math.min(1, Math.hypot(dx, dy) / 36);
}

function drawParticles(
  particles: readonly Particle[],
  motion: Motion | undefined,
  t: number,
  text: Rect,
): string {
  let out = '';
  for (const p of particles) {
    if (motion === 'fall') {
      const sway = Math.sin(TAU * (t * 2 + p.phase)) * 6;
      for (let k = -1; k <= 2; k++) {
        const y = (p.y % FALL_PERIOD) + (k + t) * FALL_PERIOD;
        const span = W + 80;
        const x = ((((p.x + (k + t) * FALL_DRIFT + 40) % span) + span) % span) - 40 + sway;
        const visible = clearance(text, x, y);
        if (y < -40 || y > H + 40 || visible < 0.05) continue;
        out += drawParticle(p, x, y, p.turn + p.spin * 360 * t, 1, p.opacity * visible);
      }
      continue;
    }
    const pulse = wave(t, p.phase);
    if (!motion) out += drawParticle(p, p.x, p.y, p.turn, 1, p.opacity);
    else if (motion === 'float')
      out += drawParticle(p, p.x, p.y - 7 * pulse, p.turn + 8 * pulse, 1, p.opacity);
    else out += drawParticle(p, p.x, p.y, p.turn, 0.75 + 0.3 * pulse, p.opacity * (0.55 + 0.45 * pulse));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Backgrounds (back layer)

function background(scene: Scene, rng: Rng): string {
  const { palette, design, focus } = scene;
  const [fx, fy] = focus;
  let out = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  switch (design.style) {
    case 'elegant': {
      out += `<circle cx="${n(fx)}" cy="${n(fy)}" r="430" fill="${palette.colors[2]}" fill-opacity="0.22"/>`;
      const variant = rng.int(0, 2);
      if (variant === 0 || design.occasion === 'ramadan' || design.occasion === 'eid') {
        // Drawn as one path rather than an SVG <pattern>, which librsvg fills several times slower.
        let lattice = '';
        for (let x = 0; x < W; x += 60) {
          for (let y = 0; y < H; y += 60) {
            lattice += `M${x + 16},${y + 16}h28v28h-28ZM${x + 30},${n(y + 10.2)}L${n(x + 49.8)},${y + 30}L${x + 30},${n(y + 49.8)}L${n(x + 10.2)},${y + 30}ZM${x},${y + 30}h10M${x + 50},${y + 30}h10M${x + 30},${y}v10M${x + 30},${y + 50}v10`;
          }
        }
        out += `<path d="${lattice}" fill="none" stroke="${palette.metal[1]}" stroke-width="1" stroke-opacity="0.16"/>`;
      } else if (variant === 1) {
        let rays = '';
        for (let i = 0; i <= 24; i++) {
          const a = Math.PI + (i / 24) * Math.PI;
          rays += `M300,${H + 30}L${n(300 + Math.cos(a) * 1100)},${n(H + 30 + Math.sin(a) * 1100)}`;
        }
        out += `<path d="${rays}" stroke="${palette.metal[1]}" stroke-width="1.2" stroke-opacity="0.13"/>`;
      }
      for (let i = 0; i < 16; i++) {
        out += `<circle cx="${n(rng.range(0, W))}" cy="${n(rng.range(0, H))}" r="${n(rng.range(10, 46))}" fill="url(#bokeh)" fill-opacity="${n2(rng.range(0.3, 0.8))}"/>`;
      }
      out += `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
      break;
    }
    case 'playful': {
      const corners: Point[] = [
        [rng.range(-40, 80), rng.range(-40, 120)],
        [rng.range(520, 640), rng.range(280, 420)],
        [rng.range(-40, 120), rng.range(700, 840)],
      ];
      corners.forEach(([x, y], i) => {
        out += `<path d="${blobPath(x, y, rng.range(130, 200), rng)}" fill="${i === 1 ? palette.colors[0] : palette.light}" fill-opacity="${i === 1 ? 0.22 : 0.16}"/>`;
      });
      if (rng.chance(0.5)) {
        // One path of dots on a rotated grid: librsvg renders an SVG <pattern> fill several times slower.
        const turn = (20 * Math.PI) / 180;
        let dots = '';
        for (let gx = -12; gx < 30; gx++) {
          for (let gy = -12; gy < 30; gy++) {
            const u = gx * 36 + (gy % 2 === 0 ? 0 : 18);
            const v = gy * 36;
            const x = u * Math.cos(turn) - v * Math.sin(turn);
            const y = u * Math.sin(turn) + v * Math.cos(turn);
            if (x > -4 && x < W + 4 && y > -4 && y < H + 4)
              dots += `M${n(x - 3)},${n(y)}a3,3 0 1,0 6,0a3,3 0 1,0 -6,0`;
          }
        }
        out += `<path d="${dots}" fill="${palette.light}" fill-opacity="0.18"/>`;
      } else {
        for (let i = 0; i < 5; i++) {
          const x = rng.range(40, 560);
          const y = rng.range(40, 760);
          out += `<path d="M${n(x)},${n(y)}q15,-18 30,0t30,0t30,0" fill="none" stroke="${palette.light}" stroke-width="6" stroke-linecap="round" stroke-opacity="0.25" transform="rotate(${n(rng.range(-30, 30))} ${n(x)} ${n(y)})"/>`;
        }
      }
      break;
    }
    case 'minimal': {
      const variant = rng.int(0, 2);
      const tint = palette.colors[2]!;
      if (variant === 0)
        out += `<circle cx="${n(fx)}" cy="${n(fy)}" r="175" fill="${tint}" fill-opacity="0.55"/>`;
      else if (variant === 1) {
        out += `<path d="M${n(fx - 170)},${n(fy + 190)}L${n(fx - 170)},${n(fy - 20)}A170 170 0 0 1 ${n(fx + 170)},${n(fy - 20)}L${n(fx + 170)},${n(fy + 190)}Z" fill="${tint}" fill-opacity="0.5"/>`;
      } else {
        out += `<circle cx="${n(fx + 70)}" cy="${n(fy - 40)}" r="120" fill="${tint}" fill-opacity="0.5"/><circle cx="${n(fx - 80)}" cy="${n(fy + 60)}" r="80" fill="none" stroke="${palette.colors[1]}" stroke-width="1.5"/>`;
      }
      break;
    }
    case 'floral': {
      for (let i = 0; i < 6; i++) {
        const color = palette.colors[i % 3 === 2 ? 2 : i % 2]!;
        const id = `wash${i}`;
        out += `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="0.45"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient><circle cx="${n(rng.range(0, W))}" cy="${n(rng.range(0, H))}" r="${n(rng.range(140, 260))}" fill="url(#${id})"/>`;
      }
      break;
    }
    case 'retro': {
      const variant = rng.int(0, 2);
      const [c0, c1, c2, c3] = [
        palette.colors[0]!,
        palette.colors[1]!,
        palette.colors[2]!,
        palette.colors[3]!,
      ];
      if (variant === 0) {
        let rays = '';
        const count = 28;
        for (let i = 0; i < count; i += 2) {
          const a0 = (i / count) * TAU;
          const a1 = ((i + 1) / count) * TAU;
          rays += `M${n(fx)},${n(fy)}L${n(fx + Math.cos(a0) * 1200)},${n(fy + Math.sin(a0) * 1200)}L${n(fx + Math.cos(a1) * 1200)},${n(fy + Math.sin(a1) * 1200)}Z`;
        }
        out += `<path d="${rays}" fill="${c0}" fill-opacity="0.35"/>`;
      } else if (variant === 1) {
        [c3, c2, c1, c0].forEach((color, i) => {
          const r = 430 - i * 48;
          out += `<path d="M${300 - r},${H}A${r} ${r} 0 0 1 ${300 + r},${H}Z" fill="${color}"/>`;
        });
        out += `<path d="M${300 - 238},${H}A238 238 0 0 1 ${300 + 238},${H}Z" fill="${palette.bg[1]}"/>`;
      } else {
        [c0, c1, c2, c3].forEach((color, i) => {
          const y = 560 + i * 50;
          out += `<path d="M0,${y}C150,${y - 40} 300,${y + 40} ${W},${y - 10}L${W},${H}L0,${H}Z" fill="${color}"/>`;
        });
      }
      break;
    }
  }
  return out;
}

/** Behind centred lettering in the scatter layout: something to hold the words together. */
function medallion(scene: Scene, rng: Rng): string {
  const { palette, design, text } = scene;
  const cx = (text.x1 + text.x2) / 2;
  const cy = (text.y1 + text.y2) / 2;
  switch (design.style) {
    case 'elegant':
      return (
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="212" fill="${mix(palette.bg[0], '#000000', 0.25)}" fill-opacity="0.7"/>` +
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="212" fill="none" stroke="url(#metal)" stroke-width="2.5"/>` +
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="202" fill="none" stroke="url(#metal)" stroke-width="1"/>`
      );
    case 'playful':
      return `<path d="${blobPath(cx, cy, 215, rng, 0.1, 9)}" fill="${palette.light}" fill-opacity="0.2"/>`;
    case 'minimal':
      return `<rect x="${n(cx - 190)}" y="${n(cy - 170)}" width="380" height="340" rx="190" fill="none" stroke="${palette.colors[0]}" stroke-width="1.5"/>`;
    case 'floral': {
      let ring = '';
      for (let i = 0; i < 30; i++) {
        const a = (i / 30) * TAU;
        const x = cx + Math.cos(a) * 215;
        const y = cy + Math.sin(a) * 195;
        if (i % 5 === 0) {
          ring += flower(
            x,
            y,
            22,
            rng.pick(['bloom', 'rose'] as const),
            palette.colors[i % 2]!,
            palette.colors[4]!,
            rng.range(0, 60),
          );
        } else {
          ring += leaf(
            x,
            y,
            34,
            11,
            (a * 180) / Math.PI + rng.range(-20, 40),
            palette.colors[i % 2 === 0 ? 2 : 3]!,
          );
        }
      }
      return ring;
    }
    case 'retro':
      return [palette.colors[2]!, palette.colors[1]!, palette.colors[0]!]
        .map((color, i) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${225 - i * 22}" fill="${color}"/>`)
        .join('');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Garlands for the scatter layout (motion layer: flags and lanterns sway)

function garland(scene: Scene, t: number, motion: Motion | undefined, rng: Rng): string {
  const { design, palette, paint } = scene;
  const sag = rng.range(70, 110);
  const start: Point = [-20, rng.range(20, 60)];
  const end: Point = [W + 20, rng.range(20, 60)];
  const control: Point = [W / 2, Math.max(start[1], end[1]) + sag * 2];
  const at = (u: number): Point => [
    (1 - u) ** 2 * start[0] + 2 * (1 - u) * u * control[0] + u ** 2 * end[0],
    (1 - u) ** 2 * start[1] + 2 * (1 - u) * u * control[1] + u ** 2 * end[1],
  ];
  const stringColor = design.style === 'elegant' ? paint.metal : paint.line;
  let out = `<path d="M${n(start[0])},${n(start[1])}Q${n(control[0])},${n(control[1])} ${n(end[0])},${n(end[1])}" fill="none" stroke="${stringColor}" stroke-opacity="0.7" stroke-width="2"/>`;
  const count = 11;
  const colors =
    design.style === 'elegant' ? [palette.metal[1]!, palette.metal[2]!] : palette.colors.slice(0, 4);
  for (let i = 1; i < count; i++) {
    const [x, y] = at(i / count);
    const swing = motion === 'swing' ? 9 * wave(t, i * 0.13) : 0;
    const color = colors[i % colors.length]!;
    let item: string;
    switch (design.occasion) {
      case 'ramadan':
      case 'eid':
        item =
          i % 2 === 0
            ? `<path d="M0,0L0,22" stroke="${stringColor}" stroke-width="1.5"/><path d="M-9,22L9,22L13,40L9,58L-9,58L-13,40Z" fill="url(#lamp)" stroke="${paint.metal}" stroke-width="2.5"/><path d="M-6,22L6,22L0,14Z" fill="${paint.metal}"/><circle cy="40" r="26" fill="url(#glow)"/>`
            : `<path d="M0,0L0,14" stroke="${stringColor}" stroke-width="1.5"/><path d="${starPath(0, 24, 10, 4)}" fill="${paint.metal}"/>`;
        break;
      case 'christmas':
        item = `<rect x="-4" y="0" width="8" height="8" fill="${paint.line}" fill-opacity="0.7"/><circle cy="16" r="16" fill="url(#glow)"/><path d="M0,6C8,12 8,24 0,28C-8,24 -8,12 0,6Z" fill="${color}"/>`;
        break;
      case 'valentines':
      case 'wedding':
        item = `<path d="M0,0L0,10" stroke="${stringColor}" stroke-width="1.5"/><path d="${heartPath(0, 24, 14)}" fill="${color}"/>`;
        break;
      default:
        item = `<path d="M-17,-2L17,-2L0,40Z" fill="${color}"/>`;
    }
    out += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(swing)})">${item}</g>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Lettering, frame (front layer)

function subtitleFace(style: StyleKey, fonts: CoverFonts): { face: Face; size: number } {
  switch (style) {
    case 'elegant':
      return { face: { font: fonts.sans, spacing: 0.24, upper: true, scale: 1, overlap: 0 }, size: 15 };
    case 'playful':
      return { face: { font: fonts.sans, spacing: 0.02, upper: false, scale: 1, overlap: 0 }, size: 21 };
    case 'minimal':
      return { face: { font: fonts.sans, spacing: 0.3, upper: true, scale: 1, overlap: 0 }, size: 13 };
    case 'floral':
      return { face: { font: fonts.serifItalic, spacing: 0, upper: false, scale: 1, overlap: 0 }, size: 25 };
    case 'retro':
      return { face: { font: fonts.sansBold, spacing: 0.14, upper: true, scale: 1, overlap: 0 }, size: 15 };
  }
}

function headlineSvg(palette: Palette, style: StyleKey, lines: SetLine[]): string {
  const d = lines.map((l) => l.d).join('');
  switch (style) {
    case 'elegant':
      return `<path d="${d}" fill="#000000" fill-opacity="0.35" transform="translate(0 3)"/><path d="${d}" fill="url(#metal)"/>`;
    case 'playful':
      return `<path d="${d}" fill="${palette.shadow}" transform="translate(4 5)"/><path d="${d}" fill="${palette.ink}"/>`;
    case 'minimal':
      return `<path d="${d}" fill="${palette.ink}"/>`;
    case 'floral':
      return `<path d="${d}" fill="none" stroke="${palette.shadow}" stroke-width="10" stroke-linejoin="round" stroke-opacity="0.85"/><path d="${d}" fill="${palette.ink}"/>`;
    case 'retro':
      return (
        `<path d="${d}" fill="${palette.shadow}" stroke="${palette.shadow}" stroke-width="8" stroke-linejoin="round" transform="translate(5 6)"/>` +
        `<path d="${d}" fill="none" stroke="${palette.shadow}" stroke-width="8" stroke-linejoin="round"/>` +
        `<path d="${d}" fill="${palette.ink}"/>`
      );
  }
}

interface SetLettering {
  svg: string;
  box: Rect;
}

/** Sets headline, divider and subtitle as one group vertically centred in the zone. */
function setLettering(scene: Omit<Scene, 'text'>, fonts: CoverFonts, zone: Rect): SetLettering {
  const { design, palette } = scene;
  const lines = design.headline.split('\n');
  const faces = headlineFaces(design.style, design.lettering, fonts, lines.length);
  const zoneWidth = zone.x2 - zone.x1;
  const cx = (zone.x1 + zone.x2) / 2;
  const sub = subtitleFace(design.style, fonts);
  const subtitleSize = Math.min(
    sub.size,
    (sub.size * (zoneWidth - 40)) / subtitleWidth(sub.face, design.subtitle, sub.size),
  );
  const probeSub = setLine(sub.face, design.subtitle, subtitleSize, cx, 0);
  const subtitleHeight = probeSub.bottom - probeSub.top;
  const dividerHeight = design.style === 'playful' || design.style === 'retro' ? 14 : 26;
  const available = zone.y2 - zone.y1 - subtitleHeight - dividerHeight - 28;
  const size = fitHeadline(lines, faces, MAX_HEADLINE_SIZE[design.lettering], zoneWidth, available);
  const probe = stackLines(lines, faces, size, cx, 0);
  const headlineHeight = probe[probe.length - 1]!.bottom - probe[0]!.top;
  const total = headlineHeight + dividerHeight + 28 + subtitleHeight;
  const top = zone.y1 + (zone.y2 - zone.y1 - total) / 2;
  const set = stackLines(lines, faces, size, cx, top);
  const headlineBottom = set[set.length - 1]!.bottom;
  const dividerY = headlineBottom + 14 + dividerHeight / 2;
  const subtitleTop = headlineBottom + dividerHeight + 28;
  const subtitle = setLine(sub.face, design.subtitle, subtitleSize, cx, subtitleTop - probeSub.top);

  let divider = '';
  let subtitleSvg = `<path d="${subtitle.d}" fill="${palette.sub}"/>`;
  switch (design.style) {
    case 'elegant':
      divider = `<path d="M${n(cx - 70)},${n(dividerY)}L${n(cx - 12)},${n(dividerY)}M${n(cx + 12)},${n(dividerY)}L${n(cx + 70)},${n(dividerY)}" stroke="url(#metal)" stroke-width="1.2"/><path d="M${n(cx)},${n(dividerY - 6)}L${n(cx + 6)},${n(dividerY)}L${n(cx)},${n(dividerY + 6)}L${n(cx - 6)},${n(dividerY)}Z" fill="${palette.metal[1]}"/>`;
      break;
    case 'minimal':
      divider = `<path d="M${n(cx - 22)},${n(dividerY)}L${n(cx + 22)},${n(dividerY)}" stroke="${palette.colors[0]}" stroke-width="2"/>`;
      break;
    case 'floral':
      divider =
        leaf(cx - 8, dividerY, 22, 7, -100, palette.colors[2]!) +
        leaf(cx + 8, dividerY, 22, 7, 100, palette.colors[3]!) +
        `<circle cx="${n(cx)}" cy="${n(dividerY)}" r="4" fill="${palette.colors[0]}"/>`;
      break;
    case 'playful': {
      const padX = 20;
      const padY = 10;
      subtitleSvg =
        `<rect x="${n(subtitle.left - padX)}" y="${n(subtitle.top - padY)}" width="${n(subtitle.right - subtitle.left + padX * 2)}" height="${n(subtitle.bottom - subtitle.top + padY * 2)}" rx="${n((subtitle.bottom - subtitle.top) / 2 + padY)}" fill="${palette.light}"/>` +
        `<path d="${subtitle.d}" fill="${palette.shadow}"/>`;
      break;
    }
    case 'retro': {
      const left = subtitle.left - 26;
      const right = subtitle.right + 26;
      const y1 = subtitle.top - 10;
      const y2 = subtitle.bottom + 10;
      const mid = (y1 + y2) / 2;
      subtitleSvg =
        `<path d="M${n(left - 14)},${n(y1 + 6)}L${n(right + 14)},${n(y1 + 6)}L${n(right + 4)},${n(mid + 3)}L${n(right + 14)},${n(y2 + 6)}L${n(left - 14)},${n(y2 + 6)}L${n(left - 4)},${n(mid + 3)}Z" fill="${palette.shadow}"/>` +
        `<rect x="${n(left)}" y="${n(y1)}" width="${n(right - left)}" height="${n(y2 - y1)}" fill="${palette.colors[1]}"/>` +
        `<path d="${subtitle.d}" fill="${palette.light}"/>`;
      break;
    }
  }
  const box: Rect = {
    x1: Math.min(...set.map((l) => l.left), subtitle.left),
    x2: Math.max(...set.map((l) => l.right), subtitle.right),
    y1: set[0]!.top,
    y2: subtitle.bottom,
  };
  return { svg: headlineSvg(palette, design.style, set) + divider + subtitleSvg, box };
}

function subtitleWidth(face: Face, text: string, size: number): number {
  const set = setLine(face, text, size, 0, 0);
  return set.right - set.left;
}

function frame(scene: Scene, rng: Rng): string {
  const { palette, design } = scene;
  switch (design.style) {
    case 'elegant': {
      const corner = (x: number, y: number): string =>
        `<path d="M${x},${y - 7}L${x + 7},${y}L${x},${y + 7}L${x - 7},${y}Z" fill="${palette.metal[1]}"/>`;
      return (
        `<rect x="20" y="20" width="${W - 40}" height="${H - 40}" fill="none" stroke="url(#metal)" stroke-width="2"/>` +
        `<rect x="29" y="29" width="${W - 58}" height="${H - 58}" fill="none" stroke="url(#metal)" stroke-width="0.8"/>` +
        corner(20, 20) +
        corner(W - 20, 20) +
        corner(20, H - 20) +
        corner(W - 20, H - 20)
      );
    }
    case 'playful':
      return `<rect x="16" y="16" width="${W - 32}" height="${H - 32}" rx="26" fill="none" stroke="${palette.light}" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round" stroke-opacity="0.6"/>`;
    case 'minimal':
      return rng.chance(0.6)
        ? `<rect x="24" y="24" width="${W - 48}" height="${H - 48}" fill="none" stroke="${palette.ink}" stroke-opacity="0.25" stroke-width="1"/>`
        : '';
    case 'floral': {
      const sprig = (x: number, y: number, turn: number): string => {
        let out = '';
        for (let i = 0; i < 5; i++) {
          out += leaf(0, -i * 16, 30, 9, i % 2 === 0 ? -55 : 55, palette.colors[i % 2 === 0 ? 2 : 3]!);
        }
        out += flower(0, -88, 14, 'bloom', palette.colors[0]!, palette.colors[4]!, 20);
        return `<g transform="translate(${x} ${y}) rotate(${turn})"><path d="M0,0L0,-80" stroke="${palette.colors[3]}" stroke-width="2.5"/>${out}</g>`;
      };
      return (
        `<rect x="22" y="22" width="${W - 44}" height="${H - 44}" rx="14" fill="none" stroke="${palette.ink}" stroke-opacity="0.22" stroke-width="1.2"/>` +
        sprig(40, 40, 135) +
        sprig(W - 40, H - 40, -45)
      );
    }
    case 'retro':
      return (
        `<path d="M0,0H${W}V${H}H0ZM44,18H${W - 44}Q${W - 18},18 ${W - 18},44V${H - 44}Q${W - 18},${H - 18} ${W - 44},${H - 18}H44Q18,${H - 18} 18,${H - 44}V44Q18,18 44,18Z" fill="${palette.light}" fill-rule="evenodd"/>` +
        `<rect x="26" y="26" width="${W - 52}" height="${H - 52}" rx="20" fill="none" stroke="${palette.shadow}" stroke-width="2"/>`
      );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Scene assembly

interface Layers {
  /** Everything that stays still: background, medallion, frame and lettering. */
  base: string;
  /** Hero, garland and particles at animation phase t. */
  motion: (t: number) => string;
}

const TEXT_ZONES: Record<CoverDesign['layout'], Rect> = {
  'hero-top': { x1: 62, y1: 504, x2: W - 62, y2: 740 },
  'hero-bottom': { x1: 62, y1: 66, x2: W - 62, y2: 306 },
  scatter: { x1: 118, y1: 290, x2: W - 118, y2: 522 },
};

function composeLayers(design: CoverDesign, fonts: CoverFonts): Layers {
  const seed = seedFromText(design.seed);
  const layoutRng = createRng(seed);
  const palette = paletteFor(design);
  const dark = luminance(palette.bg[0]) < 0.45;
  const paint: Paint = {
    c: (i) => palette.colors[i % palette.colors.length]!,
    metal: 'url(#metal)',
    light: palette.light,
    ink: palette.ink,
    // Floral palettes use their shadow as a light halo, so their lines take the ink colour instead.
    line: dark ? palette.light : design.style === 'floral' ? palette.ink : palette.shadow,
    shadow: palette.shadow,
    dark,
    style: design.style,
  };
  const zone = TEXT_ZONES[design.layout];
  const hero: HeroPlacement | null =
    design.layout === 'scatter'
      ? null
      : {
          x: 300 + layoutRng.range(-14, 14),
          y: design.layout === 'hero-top' ? 286 + layoutRng.range(-6, 8) : 560 + layoutRng.range(-6, 8),
          scale: 1.16 * layoutRng.range(0.95, 1.04),
          rotate: HEROES[design.motif].hanging ? 0 : layoutRng.range(-4, 4),
        };
  const partial = {
    design,
    palette,
    paint,
    hero,
    focus: (hero ? [hero.x, hero.y] : [300, (zone.y1 + zone.y2) / 2]) as Point,
  };
  const words = setLettering(partial, fonts, zone);
  const scene: Scene = { ...partial, text: words.box };

  const back =
    background(scene, createRng(seed ^ 0x5bd1e995)) +
    (hero ? '' : medallion(scene, createRng(seed ^ 0x27d4eb2f)));
  const front = frame(scene, createRng(seed ^ 0x165667b1)) + words.svg;
  const particles = scatterParticles(scene, createRng(seed ^ 0x9e3779b9), design.motion === 'fall');

  const motion = (t: number): string => {
    let out = '';
    if (design.layout === 'scatter') out += garland(scene, t, design.motion, createRng(seed ^ 0x85ebca6b));
    else if (hero) {
      const definition = HEROES[design.motif];
      const ceiling =
        design.layout === 'hero-top'
          ? (-10 - hero.y) / hero.scale
          : (scene.text.y2 + 24 - hero.y) / hero.scale;
      const swaying = design.motion === 'swing';
      const body = definition.draw({
        p: paint,
        rng: createRng(seed ^ 0xc2b2ae35),
        ceiling,
        sway: (i) => (swaying ? 5 * wave(t, i * 0.27) : 0),
        uid: uidFactory('m'),
      });
      let transform = `translate(${n(hero.x)} ${n(hero.y)}) rotate(${n(hero.rotate)}) scale(${n2(hero.scale)})`;
      if (design.motion === 'float') transform = `translate(0 ${n(-12 * wave(t))}) ${transform}`;
      if (design.motion === 'pulse') {
        const beat = 1 + 0.05 * wave(t);
        transform = `translate(${n(hero.x)} ${n(hero.y)}) scale(${n2(beat)}) translate(${n(-hero.x)} ${n(-hero.y)}) ${transform}`;
      }
      if (swaying && !definition.hanging) {
        const pivotY = hero.y + 140 * hero.scale;
        transform = `rotate(${n(5 * wave(t))} ${n(hero.x)} ${n(pivotY)}) ${transform}`;
      }
      if (design.motion === 'glow') {
        out += `<circle cx="${n(hero.x)}" cy="${n(hero.y)}" r="${n(230 * hero.scale)}" fill="url(#glow)" fill-opacity="${n2(0.55 + 0.45 * wave(t))}"/>`;
      }
      out += `<g transform="${transform}">${body}</g>`;
    }
    return out + drawParticles(particles, design.motion, t, scene.text);
  };
  return { base: svgDocument(scene, back + front), motion: (t) => svgDocument(scene, motion(t)) };
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

export interface RenderedCover {
  still: Buffer;
  /** Looping animated WebP whose first frame is the still; null for static designs. */
  animated: Buffer | null;
}

const RGB = { width: W, height: H, channels: 3 } as const;

/**
 * Straight-alpha RGBA over opaque RGB. A plain loop is about four times cheaper than a sharp composite
 * pipeline here, and the motion layer is mostly transparent.
 */
function blendOver(base: Buffer, overlay: Buffer): Buffer {
  const out = Buffer.from(base);
  for (let p = 0, q = 0; q < overlay.length; p += 3, q += 4) {
    const alpha = overlay[q + 3]!;
    if (alpha === 0) continue;
    const k = alpha / 255;
    for (let c = 0; c < 3; c++) out[p + c] = out[p + c]! + (overlay[q + c]! - out[p + c]!) * k + 0.5;
  }
  return out;
}

function extractBody(document: string): string {
  return document.slice(document.indexOf('</defs>') + '</defs>'.length, document.lastIndexOf('</svg>'));
}

export async function renderCover(design: CoverDesign): Promise<RenderedCover> {
  const layers = composeLayers(design, loadCoverFonts());
  if (!design.motion) {
    // A still is one SVG: cheaper than two rasterisations and a composite.
    const document = layers.base.replace('</svg>', `${extractBody(layers.motion(0))}</svg>`);
    const still = await sharp(Buffer.from(document)).webp({ quality: STILL_QUALITY, effort: 4 }).toBuffer();
    return { still, animated: null };
  }
  const base = await sharp(Buffer.from(layers.base)).removeAlpha().raw().toBuffer();
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAME_COUNT; i++) {
    const moving = await sharp(Buffer.from(layers.motion(i / FRAME_COUNT)))
      .ensureAlpha()
      .raw()
      .toBuffer();
    frames.push(blendOver(base, moving));
  }
  // The still is frame 0 itself, so the preview and the animation's first frame are pixel-identical.
  const still = await sharp(frames[0]!, { raw: RGB }).webp({ quality: STILL_QUALITY, effort: 4 }).toBuffer();
  const animated = await sharp(Buffer.concat(frames), {
    raw: { ...RGB, height: H * FRAME_COUNT, pageHeight: H },
  })
    .webp({
      quality: ANIMATED_QUALITY,
      effort: 2,
      loop: 0,
      delay: Array.from({ length: FRAME_COUNT }, () => FRAME_DELAY_MS),
    })
    .toBuffer();
  return { still, animated };
}
