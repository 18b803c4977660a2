// The picture link previews show for every page (og:image, twitter:image): one of the generated
// home backgrounds with the logo and the product name over it, as a JPEG of shareImage's size
// in web/public/images/. The words are the same in every language (the name and the two
// platforms), so one picture serves English and Italian pages alike.
//
//   npm run share-image -w artwork   (npm run artwork makes it too, after the backgrounds)
//
// The overlay is an SVG drawn in Chromium, so the name is set in Inter like the mock screens
// whatever fonts the machine has; sharp crops the photo, lays the overlay on it and encodes.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { site } from '../web/src/config/site.ts';
import { shareImage } from '../web/src/seo/share-image.ts';
import { interFontFaces } from './fonts.ts';
import { renderHtml } from './render.ts';

/** The repository's root, where the site's files are. */
export const root = fileURLToPath(new URL('..', import.meta.url));
/** Angler casting from the rocks at sunrise: warm sky on the left for the words, the angler on the right. */
const background = join(root, 'web', 'src', 'assets', 'artwork', 'backgrounds', 'background-1-2400.webp');
export const shareImageFile = join(root, 'web', 'public', ...shareImage.path.split('/').filter(Boolean));

const { width, height } = shareImage;

/** The logo (web/public/logo.svg) as a nested SVG at x, y, size × size. */
function logo(x: number, y: number, size: number): string {
  const svg = readFileSync(join(root, 'web', 'public', 'logo.svg'), 'utf8');
  return svg.replace('<svg ', `<svg x="${x}" y="${y}" width="${size}" height="${size}" `);
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? '');

/** The name's size: as large as fits beside the angler (Inter 800 is about 0.6 em a letter). */
const nameSize = Math.min(112, Math.floor(1000 / (site.productName.length * 0.6)));

function overlay(): string {
  // A shade from the left keeps the white words readable on the bright sky; the right half,
  // with the angler and the sun, stays as it is.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="shade" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#06121c" stop-opacity="0.78" />
      <stop offset="0.45" stop-color="#06121c" stop-opacity="0.45" />
      <stop offset="0.75" stop-color="#06121c" stop-opacity="0" />
    </linearGradient>
    <filter id="lift" x="-10%" y="-30%" width="120%" height="160%">
      <feDropShadow dx="0" dy="3" stdDeviation="6" flood-color="#000" flood-opacity="0.45" />
    </filter>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#shade)" />
  <g filter="url(#lift)">
    ${logo(80, 170, 120)}
    <text x="80" y="390" fill="#ffffff" font-family="Inter" font-weight="800" font-size="${nameSize}" letter-spacing="-2">${escapeXml(site.productName)}</text>
    <rect x="84" y="428" width="96" height="6" rx="3" fill="#e8a33d" />
    <text x="82" y="494" fill="#f4f1de" font-family="Inter" font-weight="600" font-size="38" letter-spacing="1">Android · iOS</text>
  </g>
</svg>`;
}

export async function makeShareImage(): Promise<{ file: string; bytes: number }> {
  const page = `<!doctype html><html><head><meta charset="utf-8"><style>${interFontFaces()}
html, body { margin: 0; padding: 0; background: transparent; width: ${width}px; height: ${height}px; overflow: hidden; }
svg { display: block; }</style></head><body>${overlay()}</body></html>`;
  const words = await renderHtml(page, { width, height, scale: 1, transparent: true });
  const photo = await sharp(background).resize(width, height, { fit: 'cover', position: 'centre' }).toBuffer();
  const jpeg = await sharp(photo)
    .composite([{ input: words }])
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
  writeFileSync(shareImageFile, jpeg);
  return { file: shareImageFile, bytes: statSync(shareImageFile).size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { file, bytes } = await makeShareImage();
  console.log(`✔ ${relative(root, file)}: ${width} × ${height}, ${(bytes / 1024).toFixed(0)} kB`);
}
