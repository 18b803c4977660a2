// The river of the fly-fishing scene: its banks meet far away at the right and open towards
// the viewer in an S-bend, with glints on the water and stones breaking its surface.
import type { Random } from '../random.ts';
import { glints, H } from '../scenery.ts';
import { n, polyline, smooth, type Point } from '../svg.ts';

/** The scene's horizon; the river's far end lies a little below it. */
export const horizon = 470;
export const riverTop = horizon + 62;

/** How far down the river y is: 0 far away, 1 at the bottom edge. */
export const depth = (y: number) => (y - riverTop) / (H - riverTop);
/** An S-bend: the river's middle and width at depth d. */
const middle = (d: number) => 1175 - 420 * d + 380 * Math.sin(d * 4) * d;
const breadth = (d: number) => 50 + 1150 * d ** 1.35;
export const leftBank = (y: number) => middle(depth(y)) - breadth(depth(y)) / 2;
export const rightBank = (y: number) => middle(depth(y)) + breadth(depth(y)) / 2;
/** The point at depth d, k half-widths from the middle (-1 the left bank, 1 the right). */
const inRiver = (d: number, k: number): Point => [middle(d) + (k * breadth(d)) / 2, riverTop + d * (H - riverTop)];

/** A bank's line, every 8 units from the far end down past the bottom edge. */
function edge(bank: (y: number) => number): readonly Point[] {
  const points: Point[] = [];
  for (let y = riverTop; y <= H + 10; y += 8) points.push([bank(y), y]);
  return points;
}
export const leftEdge = edge(leftBank);
export const rightEdge = edge(rightBank);

const river = `<path d="${polyline([...leftEdge, ...[...rightEdge].reverse()])}Z" fill="url(#river)"/>`;

/** The water (also as #river-clip) with the sky's glints on it and darker ripples. */
export function riverSurface(rand: Random): string {
  return (
    `<clipPath id="river-clip">${river}</clipPath>` +
    river +
    `<g clip-path="url(#river-clip)">` +
    glints(rand, { horizon: riverTop, bottom: H, count: 1100, color: '#fff2c8', x: 1000, spread: 480, opacity: 0.55 }) +
    glints(rand, {
      horizon: riverTop + 150,
      bottom: H,
      count: 500,
      color: '#e9e2c0',
      x: 520,
      spread: 500,
      opacity: 0.35,
    }) +
    glints(rand, { horizon: riverTop, bottom: H, count: 500, color: '#15282a', opacity: 0.35 }) +
    `</g>`
  );
}

/** The dark banks on either side, just over the water's edge. */
export function riverBanks(): string {
  const bankLeft = `<path d="M-20 ${riverTop}${leftEdge
    .map(([x, y]) => `L${n(x - 10)} ${n(y)}`)
    .join('')}L-20 ${H}Z" fill="url(#bank)"/>`;
  const bankRight = `<path d="M1620 ${riverTop - 20}L${n(rightBank(riverTop))} ${riverTop}${rightEdge
    .map(([x, y]) => `L${n(x + 10)} ${n(y)}`)
    .join('')}L1620 ${H}Z" fill="url(#bank)"/>`;
  return bankLeft + bankRight;
}

/** A stone at depth d, k half-widths across, of radius r: lit on top, foam where the water meets it. */
function stone(rand: Random, [d = 0, k = 0, r = 0]: readonly number[]): string {
  const [x, y] = inRiver(d, k);
  const top: Point[] = [];
  for (let a = 0; a <= 12; a++) {
    const angle = Math.PI + (a / 12) * Math.PI;
    const radius = r * rand.range(0.8, 1.1);
    top.push([x + Math.cos(angle) * radius, y + Math.sin(angle) * radius * 0.6]);
  }
  const outline = smooth(top);
  return (
    `<path d="${outline}L${n(x + r)} ${n(y + 3)}L${n(x - r)} ${n(y + 3)}Z" fill="#16211d"/>` +
    `<path d="${smooth(top.slice(5))}" fill="none" stroke="#d9c890" stroke-width="1.6" opacity=".35"/>` +
    `<path d="M${n(x - r * 1.4)} ${n(y + 2)}Q${x} ${n(y + r * 0.3)} ${n(x + r * 1.5)} ${n(y + 1)}" fill="none" stroke="#f4ecd2" stroke-width="2.2" opacity=".45" filter="url(#foam)"/>`
  );
}

/** The stones in the river: [depth, across, radius] each. */
export function stones(rand: Random): string {
  return [
    [0.76, -0.62, 40],
    [0.79, -0.5, 20],
    [0.6, 0.62, 26],
    [0.97, -0.82, 54],
    [0.9, 0.72, 44],
    [0.32, 0.3, 12],
  ]
    .map((spec) => stone(rand, spec))
    .join('');
}
