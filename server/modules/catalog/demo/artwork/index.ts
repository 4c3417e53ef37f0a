import sharp from 'sharp';
import { background, medallion } from './backgrounds.ts';
import {
  H,
  W,
  type CoverDesign,
  type HeroPlacement,
  type Paint,
  type Rect,
  type Scene,
  type StyleKey,
} from './design.ts';
import { HEROES } from './heroes.ts';
import type { Language } from '../../../../../shared/i18n/languages.ts';
import { loadCoverFonts, setLettering } from './lettering.ts';
import { frame, garland } from './ornaments.ts';
import { paletteFor, type Palette } from './palettes.ts';
import { drawParticles, scatterParticles } from './particles.ts';
import { createRng, luminance, n, n2, seedFromText, wave, type Point } from './shapes.ts';

export {
  COVER_HEIGHT,
  COVER_WIDTH,
  HERO_LAYOUTS,
  LETTERINGS,
  MOTIFS,
  MOTIONS,
  OCCASIONS,
  STYLE_KEYS,
  type CoverArt,
  type CoverDesign,
  type Occasion,
  type StyleKey,
} from './design.ts';
export { paletteNames } from './palettes.ts';
export { createRng, seedFromText } from './shapes.ts';

/**
 * Original demo card covers, composed as SVG and rasterised by sharp (librsvg). Text is drawn as glyph
 * outlines from bundled fonts because a fresh machine cannot be trusted to have any usable system font.
 *
 * A cover is two layers: a static base (background, medallion, frame, lettering) and, on top, a motion
 * layer (hero illustration, garland, particles) that is a function of the animation phase t ∈ [0, 1).
 * Animated covers rasterise the base once and only the motion layer per frame; every motion is periodic
 * in t so the loop is seamless, and t = 0 is the still preview. The hero and particles keep clear of the
 * lettering, so drawing them above it costs nothing visually.
 *
 * This file assembles and renders a cover; each layer's drawings live beside it: backgrounds.ts (back
 * layer), heroes.ts (hero illustrations), particles.ts, ornaments.ts (garlands and frames), lettering.ts
 * (fonts, headline and subtitle), palettes.ts, shapes.ts (seeded randomness and shared shapes) and
 * design.ts (the art-direction vocabulary).
 */

const FRAME_COUNT = 12;
const FRAME_DELAY_MS = 110;
const STILL_QUALITY = 85;
const ANIMATED_QUALITY = 76;

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
// Scene assembly

interface Layers {
  /** Per lettering, everything that stays still: background, medallion, frame and lettering. */
  bases: string[];
  /** Hero, garland and particles at animation phase t: the same under every lettering. */
  motion: (t: number) => string;
}

/** A cover's words in one language. */
export interface CoverLettering {
  language: Language;
  headline: string;
  subtitle: string;
}

function union(boxes: readonly Rect[]): Rect {
  return {
    x1: Math.min(...boxes.map((b) => b.x1)),
    y1: Math.min(...boxes.map((b) => b.y1)),
    x2: Math.max(...boxes.map((b) => b.x2)),
    y2: Math.max(...boxes.map((b) => b.y2)),
  };
}

const TEXT_ZONES: Record<CoverDesign['layout'], Rect> = {
  'hero-top': { x1: 62, y1: 504, x2: W - 62, y2: 740 },
  'hero-bottom': { x1: 62, y1: 66, x2: W - 62, y2: 306 },
  scatter: { x1: 118, y1: 290, x2: W - 118, y2: 522 },
};

/**
 * The layers of one design under each of its letterings. Particles and the hero keep clear of the union of
 * the letterings' boxes, so the motion layer is one for all of them and is rasterised once.
 */
function composeLayers(design: CoverDesign, letterings: readonly CoverLettering[]): Layers {
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
  const words = letterings.map((lettering) =>
    setLettering(
      { ...partial, design: { ...design, ...lettering } },
      loadCoverFonts(lettering.language),
      zone,
    ),
  );
  const scene: Scene = { ...partial, text: union(words.map((w) => w.box)) };

  const back =
    background(scene, createRng(seed ^ 0x5bd1e995)) +
    (hero ? '' : medallion(scene, createRng(seed ^ 0x27d4eb2f)));
  const ornaments = frame(scene, createRng(seed ^ 0x165667b1));
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
  return {
    bases: words.map((w) => svgDocument(scene, back + ornaments + w.svg)),
    motion: (t) => svgDocument(scene, motion(t)),
  };
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

/** Renders a design lettered in its own language (English unless it names one). */
export async function renderCover(design: CoverDesign): Promise<RenderedCover> {
  const [cover] = await renderCovers(design, [
    { language: design.language ?? 'en', headline: design.headline, subtitle: design.subtitle },
  ]);
  return cover!;
}

/**
 * Renders one design under several letterings (one per language), in their order. The motion layer is the
 * same under each, so an animated design rasterises its frames once.
 */
export async function renderCovers(
  design: CoverDesign,
  letterings: readonly CoverLettering[],
): Promise<RenderedCover[]> {
  const layers = composeLayers(design, letterings);
  if (!design.motion) {
    // A still is one SVG: cheaper than two rasterisations and a composite.
    const moving = extractBody(layers.motion(0));
    return Promise.all(
      layers.bases.map(async (base) => ({
        still: await sharp(Buffer.from(base.replace('</svg>', `${moving}</svg>`)))
          .webp({ quality: STILL_QUALITY, effort: 4 })
          .toBuffer(),
        animated: null,
      })),
    );
  }
  const moving: Buffer[] = [];
  for (let i = 0; i < FRAME_COUNT; i++) {
    moving.push(
      await sharp(Buffer.from(layers.motion(i / FRAME_COUNT)))
        .ensureAlpha()
        .raw()
        .toBuffer(),
    );
  }
  const covers: RenderedCover[] = [];
  for (const document of layers.bases) {
    const base = await sharp(Buffer.from(document)).removeAlpha().raw().toBuffer();
    const frames = moving.map((frame) => blendOver(base, frame));
    // The still is frame 0 itself, so the preview and the animation's first frame are pixel-identical.
    const still = await sharp(frames[0], { raw: RGB }).webp({ quality: STILL_QUALITY, effort: 4 }).toBuffer();
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
    covers.push({ still, animated });
  }
  return covers;
}
