import type { Language } from '../../../../../shared/i18n/languages.ts';
import type { Palette, PaletteChoice } from './palettes.ts';
import type { Point } from './shapes.ts';

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 800;
export const W = COVER_WIDTH;
export const H = COVER_HEIGHT;
export const TAU = Math.PI * 2;

/**
 * The art-direction vocabulary as lists, so the demo catalog's data can be checked against it when it is
 * loaded (`../demo-catalog.ts`); each type is its list's members.
 */
export const STYLE_KEYS = ['elegant', 'playful', 'minimal', 'floral', 'retro'] as const;
export type StyleKey = (typeof STYLE_KEYS)[number];
export const OCCASIONS = [
  'birthday',
  'wedding',
  'graduation',
  'valentines',
  'ramadan',
  'eid',
  'christmas',
  'halloween',
  'thank-you',
  'congrats',
  'new-baby',
  'get-well',
  'just-because',
  'easter',
] as const;
export type Occasion = (typeof OCCASIONS)[number];
export const MOTIFS = [
  'balloons',
  'heart-balloons',
  'cake',
  'gift',
  'rings',
  'champagne',
  'mortarboard',
  'lanterns',
  'crescent',
  'mosque',
  'tree',
  'baubles',
  'wreath',
  'pumpkin',
  'ghost',
  'bouquet',
  'envelope',
  'trophy',
  'rattle',
  'moon-clouds',
  'teacup',
  'sun',
  'eggs',
  'daisies',
  'heart',
] as const;
export type Motif = (typeof MOTIFS)[number];
/** How the headline is set: one script/serif/caps face, or a small script kicker over caps lines. */
export const LETTERINGS = ['script', 'serif', 'caps', 'mixed'] as const;
export type Lettering = (typeof LETTERINGS)[number];
export const MOTIONS = ['float', 'swing', 'pulse', 'fall', 'twinkle', 'glow'] as const;
export type Motion = (typeof MOTIONS)[number];
export const HERO_LAYOUTS = ['hero-top', 'hero-bottom'] as const;

// ---------------------------------------------------------------------------------------------------------
// Cover design

type Composition = { layout: 'scatter' } | { layout: (typeof HERO_LAYOUTS)[number]; motif: Motif };

/** The art direction for one cover; everything not named here (exact positions, jitter) comes from the seed. */
export type CoverArt = PaletteChoice & Composition & { lettering: Lettering; motion?: Motion };

export type CoverDesign = CoverArt & {
  occasion: Occasion;
  /** The language the headline and subtitle are written in (English unless given). */
  language?: Language;
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
