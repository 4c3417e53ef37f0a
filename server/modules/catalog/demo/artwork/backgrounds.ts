import { H, TAU, W, type Scene } from './design.ts';
import { blobPath, flower, leaf, mix, n, n2, type Point, type Rng } from './shapes.ts';

// ---------------------------------------------------------------------------------------------------------
// Backgrounds (back layer)

export function background(scene: Scene, rng: Rng): string {
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
export function medallion(scene: Scene, rng: Rng): string {
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
