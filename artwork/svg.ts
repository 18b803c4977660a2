// Small helpers for writing SVG by hand: number formatting, paths and 1-D noise.
import type { Random } from './random.ts';

export type Point = readonly [number, number];

/** A coordinate with at most one decimal, to keep the markup short. */
export function n(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export function polyline(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join('');
}

/** A smooth path through the points (Catmull-Rom turned into cubic Béziers). */
export function smooth(points: readonly Point[], tension = 1): string {
  if (points.length < 2) return '';
  const at = (i: number): Point => points[Math.max(0, Math.min(points.length - 1, i))] ?? [0, 0];
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = at(i - 1);
    const [x1, y1] = at(i);
    const [x2, y2] = at(i + 1);
    const [x3, y3] = at(i + 2);
    const k = tension / 6;
    d += `C${n(x1 + (x2 - x0) * k)} ${n(y1 + (y2 - y0) * k)} ${n(x2 - (x3 - x1) * k)} ${n(y2 - (y3 - y1) * k)} ${n(x2)} ${n(y2)}`;
  }
  return d;
}

/** Fractal value noise along one axis, in about [-1, 1]. */
export function noise1d(
  rand: Random,
  options: { spacing: number; octaves: number; length: number; gain?: number },
): (x: number) => number {
  const gain = options.gain ?? 0.5;
  const layers: { spacing: number; amplitude: number; values: number[] }[] = [];
  let total = 0;
  for (let o = 0; o < options.octaves; o++) {
    const spacing = options.spacing / 2 ** o;
    const amplitude = gain ** o;
    total += amplitude;
    const count = Math.ceil(options.length / spacing) + 3;
    layers.push({ spacing, amplitude, values: Array.from({ length: count }, () => rand.range(-1, 1)) });
  }
  return (x) => {
    let sum = 0;
    for (const layer of layers) {
      const position = Math.max(0, x) / layer.spacing;
      const i = Math.floor(position);
      const t = position - i;
      const eased = t * t * (3 - 2 * t);
      const a = layer.values[i] ?? 0;
      const b = layer.values[i + 1] ?? 0;
      sum += (a + (b - a) * eased) * layer.amplitude;
    }
    return sum / total;
  };
}

export interface Ridge {
  /** A closed path: the ridge line, then down to `bottom`. */
  d: string;
  /** The ridge's height at x. */
  at: (x: number) => number;
}

/** A skyline of hills or mountains: base height plus noise (or sharp "ridged" noise for peaks). */
export function ridge(
  rand: Random,
  options: {
    base: number;
    amplitude: number;
    spacing: number;
    octaves?: number;
    bottom?: number;
    sharp?: boolean;
    from?: number;
    to?: number;
    step?: number;
    /** Shapes the ridge across the picture, e.g. to lift one side: extra height at x. */
    envelope?: (x: number) => number;
  },
): Ridge {
  const from = options.from ?? -20;
  const to = options.to ?? 1620;
  const step = options.step ?? 4;
  const noise = noise1d(rand, { spacing: options.spacing, octaves: options.octaves ?? 5, length: to - from + 40 });
  const at = (x: number): number => {
    const v = noise(x - from + 10);
    const shaped = options.sharp === true ? 1 - Math.abs(v) * 2.2 : v;
    return options.base - shaped * options.amplitude - (options.envelope?.(x) ?? 0);
  };
  const points: Point[] = [];
  for (let x = from; x <= to; x += step) points.push([x, at(x)]);
  const bottom = options.bottom ?? 900;
  return { d: `${polyline(points)}L${n(to)} ${n(bottom)}L${n(from)} ${n(bottom)}Z`, at };
}

/** A linear gradient element; stops are [offset 0..1, colour, opacity?]. */
export function linear(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  direction: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
  extra = '',
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = direction;
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" ${extra}>${stopList(stops)}</linearGradient>`;
}

export function radial(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  extra = 'cx="0.5" cy="0.5" r="0.5"',
): string {
  return `<radialGradient id="${id}" ${extra}>${stopList(stops)}</radialGradient>`;
}

function stopList(stops: readonly (readonly [number, string, number?])[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${n(offset * 100)}%" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
    )
    .join('');
}

/** A number with at most two decimals. */
export function n2(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}

/** A number with at most three decimals. */
export function n3(value: number): string {
  return (Math.round(value * 1000) / 1000).toString();
}
