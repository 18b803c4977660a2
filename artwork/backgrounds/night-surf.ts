// 6. Night surfcasting on a beach under the moon, headlamp on.
import { angler, type Placed } from '../angler.ts';
import { fishingLine } from '../figures.ts';
import { createRandom, type Random } from '../random.ts';
import {
  belowHorizon,
  blurFilter,
  cloudFilter,
  glints,
  H,
  shade,
  smoothstep,
  stars,
  svgDocument,
  W,
} from '../scenery.ts';
import { linear, n, polyline, radial, ridge, smooth, type Point } from '../svg.ts';

const horizon = 500;
const moon: Point = [1190, 190];
const standY = 842;

/** The night sky, the moon and its glow, and a band of cloud. */
function skyPaints(): string {
  return (
    linear('sky', [
      [0, '#03060f'],
      [0.5, '#0a1630'],
      [1, '#1e3656'],
    ]) +
    radial(
      'moon-glow',
      [
        [0, '#cfe0ff', 0.5],
        [0.2, '#8fb0e0', 0.2],
        [1, '#8fb0e0', 0],
      ],
      `gradientUnits="userSpaceOnUse" cx="${moon[0]}" cy="${moon[1]}" r="520"`,
    ) +
    radial('moon', [
      [0, '#fffdf4'],
      [0.8, '#f1ecdc'],
      [1, '#d9d3c2'],
    ]) +
    linear('cloud-band', [
      [0, '#223a5c', 0],
      [0.5, '#2a4468', 1],
      [1, '#223a5c', 0],
    ])
  );
}

/** The breakers' foam, the milky way's haze, the sea and the wet and dry sand. */
function surfPaints(): string {
  return (
    linear('foam-fill', [
      [0, '#e6eefa', 0.3],
      [0.5, '#eef4fc', 0.9],
      [1, '#e6eefa', 0.2],
    ]) +
    cloudFilter('foamy', { seed: 64, frequency: [0.012, 0.12], cover: 0.55, softness: 0.18, octaves: 3 }) +
    linear('milky', [
      [0, '#9fb6e0', 0],
      [0.5, '#b8c8ec', 0.5],
      [1, '#9fb6e0', 0],
    ]) +
    linear('sea', [
      [0, '#1b2f4c'],
      [0.4, '#0d1a2e'],
      [1, '#060c18'],
    ]) +
    linear('wet-sand', [
      [0, '#1d2a3c'],
      [1, '#151a24'],
    ]) +
    linear('sand', [
      [0, '#1c1a1c'],
      [1, '#0c0b0c'],
    ])
  );
}

/** The headlamp's beam and pool of light, the rod tip's light; then the filters. */
function lightPaints(): string {
  return (
    linear(
      'beam',
      [
        [0, '#ffe9b8', 0.55],
        [1, '#ffe9b8', 0],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0.3 },
    ) +
    radial('lamp', [
      [0, '#ffd98f', 0.45],
      [1, '#ffd98f', 0],
    ]) +
    radial('tip-light', [
      [0, '#b6ff9a', 1],
      [0.3, '#5fe07a', 0.5],
      [1, '#5fe07a', 0],
    ]) +
    cloudFilter('milky-way', { seed: 61, frequency: [0.004, 0.012], cover: 0.6, softness: 0.3, octaves: 4 }) +
    cloudFilter('clouds', { seed: 62, frequency: [0.0015, 0.01], cover: 0.25, softness: 0.12 }) +
    cloudFilter('moon-spots', { seed: 63, frequency: [0.03, 0.03], cover: 0.4, softness: 0.2, octaves: 3 }) +
    blurFilter('soft', 3) +
    blurFilter('foam', 2.2) +
    blurFilter('beam-blur', 10)
  );
}

/** The milky way, stars, the moon with its spots and a band of cloud. */
function sky(rand: Random): string {
  const starsSvg = stars(rand, { count: 650, top: 0, bottom: horizon - 20 });
  return (
    `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>` +
    `<g transform="rotate(-24 800 250)"><rect x="-200" y="120" width="2000" height="200" fill="url(#milky)" filter="url(#milky-way)" opacity=".4"/></g>` +
    starsSvg +
    `<rect width="${W}" height="${horizon}" fill="url(#moon-glow)"/>` +
    `<rect y="280" width="${W}" height="200" fill="url(#cloud-band)" filter="url(#clouds)" opacity=".7"/>` +
    `<circle cx="${moon[0]}" cy="${moon[1]}" r="42" fill="url(#moon)"/>` +
    `<clipPath id="moon-clip"><circle cx="${moon[0]}" cy="${moon[1]}" r="42"/></clipPath>` +
    `<rect x="${moon[0] - 50}" y="${moon[1] - 50}" width="100" height="100" fill="#b9b4a6" filter="url(#moon-spots)" clip-path="url(#moon-clip)" opacity=".45"/>`
  );
}

/** The dark headland on the left of the horizon. */
function headland(rand: Random): string {
  const shape = ridge(rand, {
    base: horizon + 1,
    amplitude: 14,
    spacing: 120,
    from: -20,
    to: 520,
    bottom: horizon + 1,
    envelope: (x) => (1 - smoothstep(0, 520, x)) * 40,
  });
  return `<path d="${shape.d}" fill="#0b1322"/>`;
}

/** The shore: waves break along curves that open towards the viewer. */
const shore = (x: number, depth: number) => 640 + depth + Math.sin(x / 260 + depth / 40) * 14 - (x / W) * 30;

/** Three breakers: each a dark face under a band of foam and a bright crest. */
function waves(): string {
  return [0, 38, 86]
    .map((depth, i) => {
      const crest: Point[] = [];
      for (let x = -20; x <= 1620; x += 20) crest.push([x, shore(x, depth)]);
      const face: Point[] = crest.map(([x, y]): Point => [x, y + 10 + i * 4]);
      const foam: Point[] = crest.map(([x, y]): Point => [x, y + 5 + i * 3 + Math.sin(x / 90 + i) * 2]);
      return (
        `<path d="${polyline(crest)}${polyline(face.slice().reverse()).replace('M', 'L')}Z" fill="#0a1424" opacity=".8"/>` +
        `<path d="${polyline(crest.map(([x, y]): Point => [x, y - 3]))}${polyline(foam.slice().reverse()).replace('M', 'L')}Z" fill="url(#foam-fill)" filter="url(#foamy)" opacity="${0.75 - i * 0.12}"/>` +
        `<path d="${smooth(crest)}" fill="none" stroke="#c9d8ee" stroke-width="${1.5 + i}" opacity="${0.25 - i * 0.05}" filter="url(#foam)"/>`
      );
    })
    .join('');
}

/** Wet sand with the last of the foam and the moon's sheen, then the dry beach. */
function beach(): string {
  const beachPoints: Point[] = [];
  for (let x = -20; x <= 1620; x += 20) beachPoints.push([x, shore(x, 120)]);
  return (
    `<path d="${polyline(beachPoints)}L1620 ${H}L-20 ${H}Z" fill="url(#wet-sand)"/>` +
    `<path d="${smooth(beachPoints)}" fill="none" stroke="#c9d8ee" stroke-width="2" opacity=".4" filter="url(#foam)"/>` +
    `<ellipse cx="${moon[0] - 40}" cy="820" rx="60" ry="70" fill="#8fa6c8" opacity=".18" filter="url(#beam-blur)"/>` +
    `<path d="M-20 830Q500 800 900 842T1620 850L1620 ${H}L-20 ${H}Z" fill="url(#sand)"/>`
  );
}

/** The headlamp's beam over the water (`lamp` is drawn over the angler). */
function headlamp(person: Placed): { beam: string; lamp: string } {
  const [hx, hy] = person.head;
  const lampX = hx + 7;
  const lampY = hy - 3;
  return {
    beam: `<path d="M${n(lampX)} ${n(lampY)}L${n(lampX + 420)} ${n(lampY + 95)}L${n(lampX + 380)} ${n(lampY + 190)}Z" fill="url(#beam)" filter="url(#beam-blur)"/>`,
    lamp: `<circle cx="${n(lampX)}" cy="${n(lampY)}" r="2.6" fill="#fff6dc"/><circle cx="${n(lampX)}" cy="${n(lampY)}" r="9" fill="#ffe7b0" opacity=".35" filter="url(#soft)"/>`,
  };
}

/** A second rod in a sand spike, its tip light glowing, a tackle box, a bucket and the lamp's pool. */
function camp(): string {
  const spike: Point = [800, standY - 4];
  const spikeTip: Point = [960, 560];
  return (
    `<path d="M${spike[0]} ${spike[1]}L${spike[0] - 4} ${spike[1] - 70}" stroke="#04060b" stroke-width="3"/>` +
    `<path d="M${spike[0] - 12} ${spike[1] - 20}Q${n((spike[0] + spikeTip[0]) / 2 - 30)} ${n((spike[1] + spikeTip[1]) / 2 - 10)} ${spikeTip[0]} ${spikeTip[1]}" fill="none" stroke="#04060b" stroke-width="2.2"/>` +
    fishingLine(spikeTip, [1180, 650], 40, '#c9d6ea', 0.6, 0.35) +
    `<circle cx="${spikeTip[0]}" cy="${spikeTip[1]}" r="16" fill="url(#tip-light)"/>` +
    `<rect x="440" y="${standY - 20}" width="46" height="24" rx="3" fill="#05070c"/><rect x="448" y="${standY - 26}" width="30" height="6" rx="2" fill="#05070c"/>` +
    `<path d="M660 ${standY + 2}L666 ${standY - 30}L694 ${standY - 30}L700 ${standY + 2}Z" fill="#05070c"/><path d="M664 ${standY - 30}Q680 ${standY - 52} 696 ${standY - 30}" fill="none" stroke="#05070c" stroke-width="2"/>` +
    `<ellipse cx="600" cy="${standY}" rx="160" ry="26" fill="url(#lamp)"/>`
  );
}

export function nightSurf(): string {
  const rand = createRandom(606);
  const night = sky(rand);
  const land = headland(rand);
  const person = angler('surf', { x: 560, y: standY, height: 175, color: '#04060b' });
  const light = headlamp(person);
  const line = fishingLine(person.tip, [1000, 610], 90, '#c9d6ea', 0.7, 0.45);
  return svgDocument(
    `<defs>${skyPaints()}${surfPaints()}${lightPaints()}</defs>${night}${land}` +
      belowHorizon(horizon, 'fill="url(#sea)"') +
      glints(rand, { horizon, bottom: 720, count: 800, color: '#e6eefc', x: moon[0], spread: 110, opacity: 0.85 }) +
      glints(rand, { horizon, bottom: 720, count: 400, color: '#6f8bb4', opacity: 0.3 }) +
      waves() +
      beach() +
      light.beam +
      camp() +
      line +
      person.svg +
      light.lamp +
      shade(0.8),
  );
}
