import type { Palette, PaletteChoice } from './palettes.ts';
import type { Point } from './shapes.ts';

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 800;
export const W = COVER_WIDTH;
export const H = COVER_HEIGHT;
export const TAU = Math.PI * 2;

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

export interface Paint {
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

export interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface HeroPlacement {
  x: number;
  y: number;
  scale: number;
  rotate: number;
}

export interface Scene {
  design: CoverDesign;
  palette: Palette;
  paint: Paint;
  hero: HeroPlacement | null;
  /** Ink box of headline + subtitle, kept clear of particles. */
  text: Rect;
  /** Centre of attention for background radial effects. */
  focus: Point;
}
