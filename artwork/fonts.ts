// Inter (from @fontsource/inter) as @font-face rules with the fonts inlined, so that the
// mock screens look the same on every machine whatever fonts it has.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const weights = [400, 500, 600, 700, 800] as const;
const subsets = ['latin', 'latin-ext'] as const;

let cached: string | undefined;

export function interFontFaces(): string {
  if (cached !== undefined) return cached;
  const rules: string[] = [];
  for (const weight of weights) {
    const css = readFileSync(fileURLToPath(import.meta.resolve(`@fontsource/inter/${weight}.css`)), 'utf8');
    for (const subset of subsets) {
      const name = `inter-${subset}-${weight}-normal`;
      const block = new RegExp(`/\\* ${name} \\*/\\s*@font-face \\{([^}]*)\\}`).exec(css)?.[1];
      if (block === undefined) throw new Error(`@fontsource/inter has no ${name}`);
      const file = readFileSync(fileURLToPath(import.meta.resolve(`@fontsource/inter/files/${name}.woff2`)));
      const body = block
        .replace(/src:[^;]*;/, `src: url(data:font/woff2;base64,${file.toString('base64')}) format('woff2');`)
        .replace(/font-display:[^;]*;/, 'font-display: block;');
      rules.push(`@font-face {${body}}`);
    }
  }
  cached = rules.join('\n');
  return cached;
}
