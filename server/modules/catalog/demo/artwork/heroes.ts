import { TAU, type Motif, type Paint } from './design.ts';
import {
  cloud,
  crescentPath,
  flower,
  heartPath,
  leaf,
  mix,
  n,
  n2,
  sparklePath,
  starPath,
  type FlowerKind,
  type Point,
  type Rng,
} from './shapes.ts';

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

export const HEROES: Record<Motif, HeroDefinition> = {
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
