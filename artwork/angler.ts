// The standing angler the scenes place, in a few poses. Drawn in local units (about 100 tall,
// feet at 0,0, facing right) and placed with a transform; the fishing line is drawn by the
// scene in picture coordinates.
import { n, n3, polyline, type Point } from './svg.ts';

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

// Every angler is built alike: the head at -91, shoulders at -79 with the arms hung from -77,
// hips and the tops of the legs at -47, feet on the ground at -1. A pose gives the rest.

/** The head, shoulders and hips at their heights, from their x (back, front). */
function trunk(head: number, shoulders: readonly [number, number], hips: readonly [number, number]) {
  return {
    head: [head, -91],
    shoulders: [
      [shoulders[0], -79],
      [shoulders[1], -79],
    ],
    hips: [
      [hips[0], -47],
      [hips[1], -47],
    ],
  } as const;
}

/** A leg from its top's x through the knee to the foot's x. */
const leg = (top: number, knee: Point, foot: number): readonly Point[] => [[top, -47], knee, [foot, -1]];

/** An arm from its root's x through the elbow to the hand. */
const arm = (root: number, elbow: Point, hand: Point): readonly Point[] => [[root, -77], elbow, hand];

const poses = {
  cast: {
    ...trunk(3, [-9, 12], [-6, 8]),
    legs: [leg(-3, [-10, -25], -17), leg(5, [12, -25], 15)],
    arms: [arm(-6, [3, -65], [14, -64]), arm(10, [20, -75], [27, -82])],
    rod: { butt: [11.7, -60.8], direction: [0.585, -0.81], length: 160, bend: 0.05 },
    hat: 'cap',
  },
  hold: {
    ...trunk(2, [-9, 12], [-6, 8]),
    legs: [leg(-3, [-6, -24], -9), leg(5, [9, -24], 11)],
    arms: [arm(-6, [0, -62], [12, -56]), arm(10, [15, -62], [24, -64])],
    rod: { butt: [5.4, -51.6], direction: [0.83, -0.55], length: 140, bend: -0.06 },
    hat: 'wide',
  },
  fly: {
    ...trunk(1, [-9, 11], [-7, 8]),
    legs: [leg(-3, [-7, -24], -9), leg(4, [7, -24], 8)],
    arms: [arm(-6, [-3, -62], [6, -57]), arm(9, [19, -84], [19, -100])],
    rod: { butt: [21, -93], direction: [-0.28, -0.96], length: 155, bend: 0.05 },
    hat: 'wide',
  },
  surf: {
    ...trunk(1, [-9, 11], [-6, 7]),
    legs: [leg(-3, [-8, -24], -12), leg(4, [9, -24], 12)],
    arms: [arm(-6, [2, -66], [10, -62]), arm(9, [18, -80], [22, -90])],
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

/** The torso, from rounded shoulders down to the hips. */
function torso(p: Pose, c: string): string {
  const [sl, sr] = p.shoulders;
  const [hl, hr] = p.hips;
  return `<path d="M${n(sl[0] - 1)} ${n(sl[1] + 5)}Q${n(sl[0] - 1)} ${n(sl[1] - 1)} ${n(sl[0] + 5)} ${n(sl[1] - 1.5)}L${n(sr[0] - 5)} ${n(sr[1] - 1.5)}Q${n(sr[0] + 1)} ${n(sr[1] - 1)} ${n(sr[0] + 1)} ${n(sr[1] + 5)}L${n(hr[0] + 2.5)} ${n(hr[1] + 5)}L${n(hl[0] - 2.5)} ${n(hl[1] + 5)}Z" fill="${c}"/>`;
}

/** The neck from under the head to between the shoulders. */
function neck(p: Pose, c: string): string {
  const [sl, sr] = p.shoulders;
  const [hx, hy] = p.head;
  return tapered(
    [
      [hx - 1, hy + 4],
      [(sl[0] + sr[0]) / 2, sl[1]],
    ],
    [6, 8],
    c,
  );
}

/** The pose's hat on the head, if it has one. */
function hat(p: Pose, c: string): string {
  const [hx, hy] = p.head;
  switch (p.hat) {
    case undefined:
      return '';
    case 'cap':
      return `<path d="M${n(hx - 6.6)} ${n(hy - 1)}Q${n(hx - 6)} ${n(hy - 8.5)} ${n(hx + 0.5)} ${n(hy - 8)}Q${n(hx + 6.4)} ${n(hy - 7.5)} ${n(hx + 6.4)} ${n(hy - 3)}L${n(hx + 12.5)} ${n(hy - 1.8)}L${n(hx + 5.5)} ${n(hy + 0.2)}Z" fill="${c}"/>`;
    case 'beanie':
      return `<path d="M${n(hx - 6.8)} ${n(hy - 1)}Q${n(hx - 6.6)} ${n(hy - 10.5)} ${n(hx)} ${n(hy - 10.5)}Q${n(hx + 6.6)} ${n(hy - 10.5)} ${n(hx + 6.8)} ${n(hy - 1)}Z" fill="${c}"/>`;
    case 'wide':
      return `<path d="M${n(hx - 12)} ${n(hy - 1.5)}Q${n(hx)} ${n(hy - 5.5)} ${n(hx + 12)} ${n(hy - 1.5)}L${n(hx + 5.5)} ${n(hy - 4)}Q${n(hx + 5)} ${n(hy - 11.5)} ${n(hx)} ${n(hy - 11.5)}Q${n(hx - 5)} ${n(hy - 11.5)} ${n(hx - 5.5)} ${n(hy - 4)}Z" fill="${c}"/>`;
  }
}

/** The rod, bending a little, with its thicker butt section; `end` is its tip in local units. */
function rod(spec: NonNullable<Pose['rod']>, s: number, color: string): { svg: string; end: Point } {
  const { butt, direction, length, bend } = spec;
  const end: Point = [butt[0] + direction[0] * length, butt[1] + direction[1] * length];
  const mid: Point = [
    butt[0] + direction[0] * length * 0.55 - direction[1] * length * bend,
    butt[1] + direction[1] * length * 0.55 + direction[0] * length * bend,
  ];
  const curve = `M${n(butt[0])} ${n(butt[1])}Q${n(mid[0])} ${n(mid[1])} ${n(end[0])} ${n(end[1])}`;
  const svg =
    `<path d="${curve}" fill="none" stroke="${color}" stroke-width="${n(0.9 / s + 0.5)}" stroke-linecap="round"/>` +
    `<path d="M${n(butt[0])} ${n(butt[1])}L${n(butt[0] + direction[0] * length * 0.3)} ${n(butt[1] + direction[1] * length * 0.3)}" stroke="${color}" stroke-width="${n(1.4 / s + 1.1)}" stroke-linecap="round"/>`;
  return { svg, end };
}

/** A round hand at the end of each arm. */
function hands(p: Pose, c: string): string {
  return p.arms
    .map((limb) => {
      const hand = limb[limb.length - 1] ?? [0, 0];
      return `<circle cx="${n(hand[0])}" cy="${n(hand[1])}" r="3.1" fill="${c}"/>`;
    })
    .join('');
}

/** A boot at the end of each leg, toe forward. */
function boots(p: Pose, c: string): string {
  return p.legs
    .map((limb) => {
      const foot = limb[limb.length - 1] ?? [0, 0];
      return `<path d="M${n(foot[0] - 4.5)} ${n(foot[1] - 5)}L${n(foot[0] + 4)} ${n(foot[1] - 4)}Q${n(foot[0] + 8.5)} ${n(foot[1] - 2)} ${n(foot[0] + 8.5)} ${n(foot[1] + 1)}L${n(foot[0] - 5)} ${n(foot[1] + 1)}Z" fill="${c}"/>`;
    })
    .join('');
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
  const held = p.rod === undefined ? undefined : rod(p.rod, s, options.rodColor ?? c);
  const [hx, hy] = p.head;
  const body =
    tapered(p.legs[0], [12, 8.5, 6.5], c) +
    tapered(p.legs[1], [12, 8.5, 6.5], c) +
    boots(p, c) +
    tapered(p.arms[0], [7.5, 5.8, 4.6], c) +
    torso(p, c) +
    neck(p, c) +
    `<circle cx="${n(hx)}" cy="${n(hy)}" r="6.3" fill="${c}"/>` +
    hat(p, c) +
    (held?.svg ?? '') +
    tapered(p.arms[1], [7.5, 5.8, 4.6], c) +
    hands(p, c);
  return {
    svg: `<g transform="translate(${n(options.x)} ${n(options.y)}) scale(${n3(s * fx)} ${n3(s)})">${body}</g>`,
    tip: toWorld(held?.end ?? p.head),
    head: toWorld(p.head),
  };
}
