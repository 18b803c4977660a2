// Generates all the site's raster artwork into web/src/assets/artwork/ (deleted and made anew
// each run, so the folder holds exactly what this script makes):
//
//   npm run artwork
//
// - backgrounds/background-<n>-<w>.<avif|webp>: seven 16:9 fishing scenes drawn as SVG
//   (backgrounds.ts lists them), for the home page's full-width background and its thumbnails;
// - phones/<en|it>/<screen>-<w>.<avif|webp>: mock app screens written in HTML/CSS (phone/),
//   in English and Italian, inside a phone mockup on a transparent background;
// - manifest.json: sizes, screen names and the backgrounds' alt texts, for the site's code;
// - web/public/images/share.jpg: the link-preview picture, made from the first background
//   (share-image.ts).
//
// Everything is drawn from code here (seeded randomness, fonts from @fontsource/inter), rendered
// to PNG with the system's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core
// and encoded with sharp. The build does not run this: the output is committed.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { backgrounds } from './backgrounds.ts';
import { framePage, frameSize } from './phone/frame.ts';
import { langs, locale } from './phone/locale.ts';
import { screenNames, screens } from './phone/screens.ts';
import { encode, formats, renderHtml, svgPage, type Quality } from './render.ts';
import { makeShareImage, root } from './share-image.ts';
import { H as sceneHeight, W as sceneWidth } from './scenery.ts';

const out = join(root, 'web', 'src', 'assets', 'artwork');

const backgroundWidths = [480, 960, 1600, 2400] as const;
const phoneWidths = [320, 360, 560, 840] as const;
const backgroundQuality: Quality = { avif: 55, webp: 75 };
const phoneQuality: Quality = { avif: 58, webp: 78 };

const started = Date.now();

function write(path: string, data: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Backgrounds: drawn at 1600 × 900 user units, rendered at 2400 × 1350 and scaled down.
const largest = Math.max(...backgroundWidths);
for (const [index, background] of backgrounds.entries()) {
  const png = await renderHtml(svgPage(background.svg(), sceneWidth, sceneHeight), {
    width: sceneWidth,
    height: sceneHeight,
    scale: largest / sceneWidth,
  });
  await Promise.all(
    backgroundWidths.flatMap((width) =>
      formats.map(async (format) => {
        const height = Math.round((width * 9) / 16);
        const file = join(out, 'backgrounds', `background-${index + 1}-${width}.${format}`);
        write(file, await encode(png, width, height, format, backgroundQuality));
      }),
    ),
  );
  console.log(`• background ${index + 1}/${backgrounds.length}`);
}

const share = await makeShareImage();
console.log(`• share image (${(share.bytes / 1024).toFixed(0)} kB)`);

// Phones: each screen in its frame, rendered at 3 device pixels per CSS pixel and scaled down.
const phoneLargest = Math.max(...phoneWidths);
const phoneHeight = (width: number) => Math.round((width * frameSize.height) / frameSize.width);
for (const lang of langs) {
  const l = locale(lang);
  for (const name of screenNames) {
    const png = await renderHtml(framePage(screens[name](l)), { ...frameSize, scale: 3, transparent: true });
    await Promise.all(
      phoneWidths.flatMap((width) =>
        formats.map(async (format) => {
          const file = join(out, 'phones', lang, `${name}-${width}.${format}`);
          write(file, await encode(png, width, phoneHeight(width), format, phoneQuality));
        }),
      ),
    );
  }
  console.log(`• phones (${lang})`);
}

const manifest = {
  formats,
  backgrounds: {
    count: backgrounds.length,
    widths: backgroundWidths,
    aspect: [16, 9],
  },
  // What each background shows, for whoever writes its alt text (the site's are in its texts,
  // home.photos): a key of its own, which the site's code, importing the others by name, leaves out.
  descriptions: {
    en: backgrounds.map((background) => background.description.en),
    it: backgrounds.map((background) => background.description.it),
  },
  phones: {
    widths: phoneWidths,
    width: phoneLargest,
    height: phoneHeight(phoneLargest),
    screens: screenNames,
  },
};
// Formatted as the repository's Prettier settings would, so that `npm run lint` passes.
const manifestPath = join(out, 'manifest.json');
const prettierOptions = (await resolveConfig(manifestPath)) ?? {};
write(manifestPath, await format(JSON.stringify(manifest), { ...prettierOptions, parser: 'json' }));

// A short report: how many files, how big, the largest ones.
const files: { path: string; size: number }[] = [];
const walk = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else files.push({ path, size: statSync(path).size });
  }
};
walk(out);
const total = files.reduce((sum, file) => sum + file.size, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(
  `✔ ${files.length} files, ${(total / 1024 / 1024).toFixed(2)} MB in ${relative(root, out)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
for (const file of files.sort((a, b) => b.size - a.size).slice(0, 5)) {
  console.log(`  ${kb(file.size).padStart(7)}  ${relative(out, file.path)}`);
}
