import { TAU } from './design.ts';

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
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Two decimals, for opacities and scale factors. */
export function n2(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mix(a: string, b: string, t: number): string {
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

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function wave(t: number, phase = 0): number {
  return Math.sin(TAU * (t + phase));
}

export type Point = readonly [number, number];

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

export function blobPath(cx: number, cy: number, radius: number, rng: Rng, wobble = 0.22, count = 7): string {
  const points: Point[] = [];
  const start = rng.range(0, TAU);
  for (let i = 0; i < count; i++) {
    const angle = start + (i / count) * TAU;
    const r = radius * (1 + rng.range(-wobble, wobble));
    points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
  }
  return smoothClosedPath(points);
}

export function heartPath(x: number, y: number, s: number): string {
  const p = (dx: number, dy: number): string => `${n(x + dx * s)},${n(y + dy * s)}`;
  return (
    `M${p(0, 1)}C${p(-0.6, 0.55)} ${p(-1.05, 0.15)} ${p(-1, -0.3)}C${p(-0.95, -0.75)} ${p(-0.35, -0.95)} ${p(0, -0.5)}` +
    `C${p(0.35, -0.95)} ${p(0.95, -0.75)} ${p(1, -0.3)}C${p(1.05, 0.15)} ${p(0.6, 0.55)} ${p(0, 1)}Z`
  );
}

export function starPath(
  x: number,
  y: number,
  outer: number,
  inner: number,
  points = 5,
  rotation = -90,
): string {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    d += `${i === 0 ? 'M' : 'L'}${n(x + Math.cos(angle) * r)},${n(y + Math.sin(angle) * r)}`;
  }
  return `${d}Z`;
}

export function sparklePath(x: number, y: number, r: number): string {
  const k = r * 0.14;
  return (
    `M${n(x)},${n(y - r)}Q${n(x + k)},${n(y - k)} ${n(x + r)},${n(y)}Q${n(x + k)},${n(y + k)} ${n(x)},${n(y + r)}` +
    `Q${n(x - k)},${n(y + k)} ${n(x - r)},${n(y)}Q${n(x - k)},${n(y - k)} ${n(x)},${n(y - r)}Z`
  );
}

/** A crescent as the part of one circle outside another, offset towards +x before rotation. */
export function crescentPath(radius: number, innerRadius: number, offset: number): string {
  const x = (offset * offset + radius * radius - innerRadius * innerRadius) / (2 * offset);
  const y = Math.sqrt(Math.max(radius * radius - x * x, 0));
  const innerLarge = x > offset ? 1 : 0;
  return `M${n(x)},${n(-y)}A${n(radius)} ${n(radius)} 0 1 0 ${n(x)},${n(y)}A${n(innerRadius)} ${n(innerRadius)} 0 ${innerLarge} 1 ${n(x)},${n(-y)}Z`;
}

export function leaf(
  x: number,
  y: number,
  length: number,
  width: number,
  angle: number,
  fill: string,
): string {
  return `<path d="M0,0Q${n(width)},${n(-length / 2)} 0,${n(-length)}Q${n(-width)},${n(-length / 2)} 0,0Z" fill="${fill}" transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"/>`;
}

export function cloud(x: number, y: number, s: number, fill: string, opacity = 1): string {
  return (
    `<g fill="${fill}" fill-opacity="${opacity}" transform="translate(${n(x)} ${n(y)}) scale(${n2(s)})">` +
    '<circle cx="-34" cy="2" r="24"/><circle cx="0" cy="-14" r="34"/><circle cx="34" cy="0" r="25"/>' +
    '<rect x="-58" y="0" width="116" height="26" rx="13"/></g>'
  );
}

export type FlowerKind = 'bloom' | 'daisy' | 'rose';

export function flower(
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
