// Silhouettes for the scenes: anglers in a few poses, boats, a kayak and a lighthouse.
// Figures are drawn in local units (about 100 tall, feet at 0,0, facing right) and placed
// with a transform; the fishing line is drawn by the scene in picture coordinates.
import { n, n2, n3, polyline, smooth, type Point } from './svg.ts';

interface Pose {
  head: Point;
  shoulders: readonly [Point, Point];
  hips: readonly [Point, Point];
  /** hip → knee → foot, back leg first. */
  legs: readonly [readonly Point[], readonly Point[]];
  /** shoulder → elbow → hand, back arm first. */
  arms: readonly [readonly Point[], readonly Point[]];
  /** Where the rod starts and its direction (unit vector) and length. */
  rod?: { butt: Point; direction: Point; length: number; bend: number };
  hat?: 'cap' | 'beanie' | 'wide';
}

const poses = {
  cast: {
    head: [3, -91],
    shoulders: [
      [-9, -79],
      [12, -79],
    ],
    hips: [
      [-6, -47],
      [8, -47],
    ],
    legs: [
      [
        [-3, -47],
        [-10, -25],
        [-17, -1],
      ],
      [
        [5, -47],
        [12, -25],
        [15, -1],
      ],
    ],
    arms: [
      [
        [-6, -77],
        [3, -65],
        [14, -64],
      ],
      [
        [10, -77],
        [20, -75],
        [27, -82],
      ],
    ],
    rod: { butt: [11.7, -60.8], direction: [0.585, -0.81], length: 160, bend: 0.05 },
    hat: 'cap',
  },
  hold: {
    head: [2, -91],
    shoulders: [
      [-9, -79],
      [12, -79],
    ],
    hips: [
      [-6, -47],
      [8, -47],
    ],
    legs: [
      [
        [-3, -47],
        [-6, -24],
        [-9, -1],
      ],
      [
        [5, -47],
        [9, -24],
        [11, -1],
      ],
    ],
    arms: [
      [
        [-6, -77],
        [0, -62],
        [12, -56],
      ],
      [
        [10, -77],
        [15, -62],
        [24, -64],
      ],
    ],
    rod: { butt: [5.4, -51.6], direction: [0.83, -0.55], length: 140, bend: -0.06 },
    hat: 'wide',
  },
  fly: {
    head: [1, -91],
    shoulders: [
      [-9, -79],
      [11, -79],
    ],
    hips: [
      [-7, -47],
      [8, -47],
    ],
    legs: [
      [
        [-3, -47],
        [-7, -24],
        [-9, -1],
      ],
      [
        [4, -47],
        [7, -24],
        [8, -1],
      ],
    ],
    arms: [
      [
        [-6, -77],
        [-3, -62],
        [6, -57],
      ],
      [
        [9, -77],
        [19, -84],
        [19, -100],
      ],
    ],
    rod: { butt: [21, -93], direction: [-0.28, -0.96], length: 155, bend: 0.05 },
    hat: 'wide',
  },
  surf: {
    head: [1, -91],
    shoulders: [
      [-9, -79],
      [11, -79],
    ],
    hips: [
      [-6, -47],
      [7, -47],
    ],
    legs: [
      [
        [-3, -47],
        [-8, -24],
        [-12, -1],
      ],
      [
        [4, -47],
        [9, -24],
        [12, -1],
      ],
    ],
    arms: [
      [
        [-6, -77],
        [2, -66],
        [10, -62],
      ],
      [
        [9, -77],
        [18, -80],
        [22, -90],
      ],
    ],
    rod: { butt: [7.6, -56.5], direction: [0.394, -0.919], length: 240, bend: 0.04 },
    hat: 'beanie',
  },
} as const satisfies Record<string, Pose>;

export type PoseName = keyof typeof poses;

export interface Placed {
  svg: string;
  /** The rod tip in picture coordinates (for the line), when there is a rod. */
  tip: Point;
  /** The head in picture coordinates (for a headlamp). */
  head: Point;
}

/** A limb as a filled shape that narrows from `widths[0]` to the last width, with round ends. */
function tapered(points: readonly Point[], widths: readonly number[], color: string): string {
  const left: Point[] = [];
  const right: Point[] = [];
  points.forEach((point, i) => {
    const before = points[Math.max(0, i - 1)] ?? point;
    const after = points[Math.min(points.length - 1, i + 1)] ?? point;
    const dx = after[0] - before[0];
    const dy = after[1] - before[1];
    const length = Math.hypot(dx, dy) || 1;
    const half = (widths[i] ?? widths[widths.length - 1] ?? 4) / 2;
    left.push([point[0] - (dy / length) * half, point[1] + (dx / length) * half]);
    right.push([point[0] + (dy / length) * half, point[1] - (dx / length) * half]);
  });
  const ends = points
    .map((point, i) => `<circle cx="${n(point[0])}" cy="${n(point[1])}" r="${n((widths[i] ?? 4) / 2)}"/>`)
    .join('');
  return `<g fill="${color}"><path d="${polyline([...left, ...right.reverse()])}Z"/>${ends}</g>`;
}

/** An angler standing on (x, y), `height` pixels tall, facing right unless flipped. */
export function angler(
  pose: PoseName,
  options: { x: number; y: number; height: number; color: string; flip?: boolean; rodColor?: string },
): Placed {
  const p: Pose = poses[pose];
  const s = options.height / 100;
  const fx = options.flip === true ? -1 : 1;
  const c = options.color;
  const toWorld = ([px, py]: Point): Point => [options.x + px * s * fx, options.y + py * s];
  const [sl, sr] = p.shoulders;
  const [hl, hr] = p.hips;
  const torso = `<path d="M${n(sl[0] - 1)} ${n(sl[1] + 5)}Q${n(sl[0] - 1)} ${n(sl[1] - 1)} ${n(sl[0] + 5)} ${n(sl[1] - 1.5)}L${n(sr[0] - 5)} ${n(sr[1] - 1.5)}Q${n(sr[0] + 1)} ${n(sr[1] - 1)} ${n(sr[0] + 1)} ${n(sr[1] + 5)}L${n(hr[0] + 2.5)} ${n(hr[1] + 5)}L${n(hl[0] - 2.5)} ${n(hl[1] + 5)}Z" fill="${c}"/>`;
  const [hx, hy] = p.head;
  const neck = tapered(
    [
      [hx - 1, hy + 4],
      [(sl[0] + sr[0]) / 2, sl[1]],
    ],
    [6, 8],
    c,
  );
  const hats = {
    cap: `<path d="M${n(hx - 6.6)} ${n(hy - 1)}Q${n(hx - 6)} ${n(hy - 8.5)} ${n(hx + 0.5)} ${n(hy - 8)}Q${n(hx + 6.4)} ${n(hy - 7.5)} ${n(hx + 6.4)} ${n(hy - 3)}L${n(hx + 12.5)} ${n(hy - 1.8)}L${n(hx + 5.5)} ${n(hy + 0.2)}Z" fill="${c}"/>`,
    beanie: `<path d="M${n(hx - 6.8)} ${n(hy - 1)}Q${n(hx - 6.6)} ${n(hy - 10.5)} ${n(hx)} ${n(hy - 10.5)}Q${n(hx + 6.6)} ${n(hy - 10.5)} ${n(hx + 6.8)} ${n(hy - 1)}Z" fill="${c}"/>`,
    wide: `<path d="M${n(hx - 12)} ${n(hy - 1.5)}Q${n(hx)} ${n(hy - 5.5)} ${n(hx + 12)} ${n(hy - 1.5)}L${n(hx + 5.5)} ${n(hy - 4)}Q${n(hx + 5)} ${n(hy - 11.5)} ${n(hx)} ${n(hy - 11.5)}Q${n(hx - 5)} ${n(hy - 11.5)} ${n(hx - 5.5)} ${n(hy - 4)}Z" fill="${c}"/>`,
  } as const;
  let rod = '';
  let tip: Point = toWorld(p.head);
  if (p.rod !== undefined) {
    const { butt, direction, length, bend } = p.rod;
    const end: Point = [butt[0] + direction[0] * length, butt[1] + direction[1] * length];
    const mid: Point = [
      butt[0] + direction[0] * length * 0.55 - direction[1] * length * bend,
      butt[1] + direction[1] * length * 0.55 + direction[0] * length * bend,
    ];
    const curve = `M${n(butt[0])} ${n(butt[1])}Q${n(mid[0])} ${n(mid[1])} ${n(end[0])} ${n(end[1])}`;
    const color = options.rodColor ?? c;
    rod =
      `<path d="${curve}" fill="none" stroke="${color}" stroke-width="${n(0.9 / s + 0.5)}" stroke-linecap="round"/>` +
      `<path d="M${n(butt[0])} ${n(butt[1])}L${n(butt[0] + direction[0] * length * 0.3)} ${n(butt[1] + direction[1] * length * 0.3)}" stroke="${color}" stroke-width="${n(1.4 / s + 1.1)}" stroke-linecap="round"/>`;
    tip = toWorld(end);
  }
  const hands = p.arms
    .map((arm) => {
      const hand = arm[arm.length - 1] ?? [0, 0];
      return `<circle cx="${n(hand[0])}" cy="${n(hand[1])}" r="3.1" fill="${c}"/>`;
    })
    .join('');
  const boots = p.legs
    .map((leg) => {
      const foot = leg[leg.length - 1] ?? [0, 0];
      return `<path d="M${n(foot[0] - 4.5)} ${n(foot[1] - 5)}L${n(foot[0] + 4)} ${n(foot[1] - 4)}Q${n(foot[0] + 8.5)} ${n(foot[1] - 2)} ${n(foot[0] + 8.5)} ${n(foot[1] + 1)}L${n(foot[0] - 5)} ${n(foot[1] + 1)}Z" fill="${c}"/>`;
    })
    .join('');
  const body =
    tapered(p.legs[0], [12, 8.5, 6.5], c) +
    tapered(p.legs[1], [12, 8.5, 6.5], c) +
    boots +
    tapered(p.arms[0], [7.5, 5.8, 4.6], c) +
    torso +
    neck +
    `<circle cx="${n(hx)}" cy="${n(hy)}" r="6.3" fill="${c}"/>` +
    (p.hat === undefined ? '' : hats[p.hat]) +
    rod +
    tapered(p.arms[1], [7.5, 5.8, 4.6], c) +
    hands;
  return {
    svg: `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n3(s * fx)} ${n3(s)})">${body}</g>`,
    tip,
    head: toWorld(p.head),
  };
}

/** A fishing line from the rod tip, sagging, to a point on the water. */
export function fishingLine(from: Point, to: Point, sag: number, color: string, width = 0.9, opacity = 0.75): string {
  const mid: Point = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + sag];
  return `<path d="M${n(from[0])} ${n(from[1])}Q${n(mid[0])} ${n(mid[1])} ${n(to[0])} ${n(to[1])}" fill="none" stroke="${color}" stroke-width="${width}" opacity="${opacity}"/>`;
}

/** A seated paddler in a kayak with a rod, centred on (x, y) at the waterline; `length` is the kayak's. */
export function kayak(options: { x: number; y: number; length: number; color: string; accent: string }): Placed {
  const s = options.length / 300;
  const hull = `<path d="M-150 0Q-90 -13 0 -14Q90 -13 150 0Q90 9 0 10Q-90 9 -150 0Z" fill="${options.color}"/>`;
  const stripe = `<path d="M-130 -3Q-60 -11 0 -11Q60 -11 130 -3" fill="none" stroke="${options.accent}" stroke-width="2.4" opacity=".85"/>`;
  const torso = `<path d="M-12 -12L-10 -48Q-3 -56 6 -50L10 -12Z" fill="${options.color}"/>`;
  const head = `<circle cx="-1" cy="-61" r="7.2" fill="${options.color}"/><path d="M-13 -62Q-1 -66 11 -62L6 -64Q5 -72 -1 -72Q-7 -72 -8 -64Z" fill="${options.color}"/>`;
  const arms = `<path d="M4 -45L18 -30L30 -36" fill="none" stroke="${options.color}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/><path d="M-6 -45L6 -30L24 -33" fill="none" stroke="${options.color}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
  const paddle = `<path d="M-70 -6L60 -26" stroke="${options.color}" stroke-width="2.4"/><path d="M-70 -6l-22 4l-2 -6l22 -3Z" fill="${options.color}"/><path d="M60 -26l22 -4l-1 -6l-22 3Z" fill="${options.color}"/>`;
  const rodEnd: Point = [-95, -150];
  const rod = `<path d="M30 -30Q-20 -95 ${rodEnd[0]} ${rodEnd[1]}" fill="none" stroke="${options.color}" stroke-width="1.6"/>`;
  return {
    svg: `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n2(s)})">${paddle}${hull}${stripe}${torso}${head}${arms}${rod}</g>`,
    tip: [options.x + rodEnd[0] * s, options.y + rodEnd[1] * s],
    head: [options.x - s, options.y - 61 * s],
  };
}

/** A small sport-fishing boat (wheelhouse forward, open stern with an angler), bow to the right. */
export function fishingBoat(options: {
  x: number;
  y: number;
  length: number;
  color: string;
  window: string;
  rim: string;
}): Placed {
  const s = options.length / 300;
  const c = options.color;
  const sheer = 'M-150 -42Q0 -40 110 -52Q140 -57 162 -66';
  const hull = `<path d="${sheer}Q150 -30 120 -4Q100 2 60 3L-128 3Q-146 0 -148 -14Z" fill="${c}"/>`;
  const rim = `<path d="${sheer}" fill="none" stroke="${options.rim}" stroke-width="1.6" opacity=".7"/><path d="M-146 -10Q0 -6 120 -8" fill="none" stroke="${options.rim}" stroke-width="1" opacity=".25"/>`;
  const rail = `<path d="M-146 -42L-146 -56M-100 -42L-100 -55M100 -51L100 -62M140 -59L140 -70M-146 -56L-60 -56M70 -60L162 -72" stroke="${c}" stroke-width="2.2" fill="none"/>`;
  const cabin = `<path d="M-18 -44L-12 -104L46 -104L86 -52Z" fill="${c}"/><path d="M-4 -96L-2 -74L22 -74L22 -96Z M30 -96L30 -74L66 -74L44 -96Z" fill="${options.window}" opacity=".6"/>`;
  const roof = `<path d="M-24 -104L50 -104L54 -110L-22 -110Z" fill="${c}"/><path d="M-20 -110L-16 -120L30 -120L34 -110Z" fill="${c}"/>`;
  const gear = `<path d="M6 -120L6 -168M22 -120L22 -128M12 -128L32 -128M-8 -112L-110 -196M40 -112L-40 -214" stroke="${c}" stroke-width="1.6" fill="none"/><path d="M-110 -196L-150 -70M-40 -214L-120 -60" stroke="${c}" stroke-width="0.6" opacity=".6" fill="none"/>`;
  const person = angler('hold', { x: -92, y: -44, height: 76, color: c, flip: true });
  return {
    svg: `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n3(s)})">${gear}${hull}${rim}${rail}${cabin}${roof}${person.svg}</g>`,
    tip: [options.x + person.tip[0] * s, options.y + person.tip[1] * s],
    head: [options.x + person.head[0] * s, options.y + person.head[1] * s],
  };
}

/** A small wooden harbour boat (gozzo), pointed at both ends, with a little mast. */
export function gozzo(options: { x: number; y: number; length: number; color: string; mast?: boolean }): string {
  const s = options.length / 100;
  const c = options.color;
  const hull = `<path d="M-52 -16Q-40 -10 0 -9Q40 -10 52 -18Q46 -2 30 0L-32 0Q-47 -3 -52 -16Z" fill="${c}"/>`;
  const cabin = `<path d="M-10 -10L-8 -19L12 -19L14 -10Z" fill="${c}"/>`;
  const mast =
    options.mast === true ? `<path d="M2 -19L2 -52M2 -52L-30 -12" stroke="${c}" stroke-width="1.4" fill="none"/>` : '';
  return `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n3(s)})">${mast}${hull}${cabin}</g>`;
}

/** A lighthouse standing on (x, y), `height` tall, its lantern lit. Returns the lantern's centre as tip. */
export function lighthouse(options: {
  x: number;
  y: number;
  height: number;
  color: string;
  band: string;
  light: string;
}): Placed {
  const s = options.height / 200;
  const c = options.color;
  const tower = `<path d="M-16 0L-11 -150L11 -150L16 0Z" fill="${c}"/>`;
  const bands = [-40, -90]
    .map(
      (y) =>
        `<path d="M${n(-16 + (5 * -y) / 150)} ${y}L${n(16 - (5 * -y) / 150)} ${y}L${n(16 - (5 * (-y + 20)) / 150)} ${y - 20}L${n(-16 + (5 * (-y + 20)) / 150)} ${y - 20}Z" fill="${options.band}"/>`,
    )
    .join('');
  const gallery = `<path d="M-17 -150L17 -150L17 -155L-17 -155Z" fill="${c}"/><path d="M-15 -155L-15 -163M-8 -155L-8 -163M0 -155L0 -163M8 -155L8 -163M15 -155L15 -163M-16 -163L16 -163" stroke="${c}" stroke-width="1.4"/>`;
  const lantern = `<path d="M-8 -155L8 -155L8 -176L-8 -176Z" fill="${options.light}"/><path d="M-8 -165L8 -165M-3 -155L-3 -176M3 -155L3 -176" stroke="${c}" stroke-width="1" opacity=".6"/>`;
  const dome = `<path d="M-10 -176Q0 -192 10 -176Z" fill="${c}"/><path d="M0 -186L0 -196" stroke="${c}" stroke-width="1.5"/>`;
  const house = `<path d="M-40 0L-40 -26L-16 -26L-16 0Z M-44 -26L-28 -38L-12 -26Z" fill="${c}"/><rect x="-34" y="-20" width="6" height="8" fill="${options.light}" opacity=".8"/>`;
  return {
    svg: `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n3(s)})">${house}${tower}${bands}${gallery}${lantern}${dome}</g>`,
    tip: [options.x, options.y - 166 * s],
    head: [options.x, options.y - 166 * s],
  };
}

/** A gull in flight: a soft "m" stroke. */
export function bird(x: number, y: number, size: number, color: string, flap = 0.3): string {
  const w = size;
  const h = size * flap;
  return `<path d="${smooth([
    [x - w, y - h * 0.3],
    [x - w * 0.5, y - h],
    [x, y],
  ])}${smooth([
    [x, y],
    [x + w * 0.5, y - h],
    [x + w, y - h * 0.3],
  ]).replace(/^M[^C]+/, '')}" fill="none" stroke="${color}" stroke-width="${n(size / 7)}" stroke-linecap="round"/>`;
}
