import type { StyleKey } from './design.ts';
import { mix } from './shapes.ts';

// ---------------------------------------------------------------------------------------------------------
// Palettes

export interface Palette {
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

/** The names of a style's own palettes. */
export function paletteNames(style: StyleKey): string[] {
  return Object.keys(PALETTES[style]);
}

export function paletteFor(choice: PaletteChoice): Palette {
  const group: Record<string, Palette> = PALETTES[choice.style];
  const palette = group[choice.palette];
  if (!palette) throw new Error(`Unknown ${choice.style} palette "${String(choice.palette)}"`);
  return palette;
}
