import { H, W, type Motion, type Scene } from './design.ts';
import { flower, heartPath, leaf, n, starPath, wave, type Point, type Rng } from './shapes.ts';

// ---------------------------------------------------------------------------------------------------------
// Garlands for the scatter layout (motion layer: flags and lanterns sway)

export function garland(scene: Scene, t: number, motion: Motion | undefined, rng: Rng): string {
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

export function frame(scene: Scene, rng: Rng): string {
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
