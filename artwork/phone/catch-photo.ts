// The "photos" the mock app shows: a catch on a boat deck, on wet rocks, on a wooden board, or
// held up against the sea, with drops of water on it and a vignette.
import { createRandom, type Random } from '../random.ts';
import { n } from '../svg.ts';
import { backdrops, type Backdrop } from './backdrops.ts';
import { fish, looks, uid, type Species } from './fish.ts';

export type { Backdrop } from './backdrops.ts';

/** Where the fish lies on each backdrop (0..1 of the height) and how tall a band it may fill. */
const fishPlaces: Record<Backdrop, { y: number; band: number }> = {
  deck: { y: 0.5, band: 0.78 },
  rocks: { y: 0.6, band: 0.7 },
  board: { y: 0.5, band: 0.78 },
  sea: { y: 0.78, band: 0.42 },
};

/** Drops of water over the photo (on the sea backdrop, only on the deck below the rail). */
function drops(rand: Random, backdrop: Backdrop, width: number, height: number): string {
  return Array.from({ length: 9 }, () => {
    const dx = rand.range(0.1, 0.9) * width;
    const dy = rand.range(backdrop === 'sea' ? 0.62 : 0.1, 0.95) * height;
    const r = rand.range(1.5, 3.5);
    return `<ellipse cx="${n(dx)}" cy="${n(dy)}" rx="${n(r)}" ry="${n(r * 0.8)}" fill="#fff" opacity=".35"/>`;
  }).join('');
}

/** A catch photo: `species` on a backdrop, as an SVG filling its box (cropped to cover). */
export function catchPhoto(
  species: Species,
  backdrop: Backdrop,
  width: number,
  height: number,
  seed = 1,
  /** Where the fish lies (0..1 of the height) and how tall a band it may fill, for photos partly covered. */
  place?: { y: number; band: number },
): string {
  const id = uid('photo');
  const rand = createRandom(seed);
  const cx = width / 2;
  // As long as fits: the fish with its fins is about 1.8 body heights tall.
  const fit = (boxHeight: number) => Math.min(width * 0.84, boxHeight / (1.8 * looks[species].height));
  const tilt = rand.range(-9, -3);
  const scene = backdrops[backdrop]({ id, rand, width, height, seed, covered: place !== undefined });
  const angle = scene.angle ?? tilt;
  const where = place ?? fishPlaces[backdrop];
  const fishY = height * where.y;
  const length = fit(height * where.band);
  const shadow = `<ellipse cx="${n(cx + 6)}" cy="${n(fishY + length * 0.08)}" rx="${n(length * 0.45)}" ry="${n(length * 0.1)}" fill="#000" opacity=".3" filter="url(#${id}-sh)"/>`;
  const wet = drops(rand, backdrop, width, height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid slice" width="100%" height="100%">` +
    `<defs><filter id="${id}-sh" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${n(length * 0.03)}"/></filter>` +
    `<radialGradient id="${id}-v" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient></defs>` +
    scene.svg +
    wet +
    shadow +
    fish(species, cx, fishY, length, angle, rand.next() < 0.5) +
    `<rect width="${width}" height="${height}" fill="url(#${id}-v)"/></svg>`
  );
}
