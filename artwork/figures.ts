// Silhouettes for the scenes besides the angler (angler.ts): boats, a kayak, a lighthouse and
// gulls. Figures are drawn in local units and placed with a transform; the fishing line is
// drawn by the scene in picture coordinates.
import { angler, type Placed } from './angler.ts';
import { n, n2, n3, smooth, type Point } from './svg.ts';

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
