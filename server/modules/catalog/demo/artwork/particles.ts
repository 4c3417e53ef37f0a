import { H, TAU, W, type Motion, type Occasion, type Rect, type Scene, type StyleKey } from './design.ts';
import { heartPath, luminance, mix, n, n2, sparklePath, starPath, wave, type Rng } from './shapes.ts';

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
export function scatterParticles(scene: Scene, rng: Rng, falling: boolean): Particle[] {
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

export function drawParticles(
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
