import { join } from 'node:path';
import type { Plugin } from 'vite';

/** What the build writes as one module of a family: its default export, and the files it was read from. */
export type VirtualModule = { value: unknown; files: string[] } | { code: string; files: string[] };

/**
 * A family of modules the build writes from the source (`virtual:<family>/<key>`, or
 * `virtual:<family>` alone when `key` is ''): `write(key, source)` reads what it needs under
 * `source` (web/src) and returns the module's default export, or its code; it throws for a
 * key it does not know. A value is written as Vite writes a large JSON file: a string for
 * JSON.parse, which a browser reads faster than the same object written out in JavaScript.
 * The files it read are watched, so `vite` (npm run dev) writes the module again when they change.
 */
export function virtualModules(family: string, write: (key: string, source: string) => VirtualModule): Plugin {
  const name = `virtual:${family}`;
  let source = '';
  return {
    name: family,
    configResolved(config) {
      source = join(config.root, 'src');
    },
    resolveId(id) {
      return id === name || id.startsWith(`${name}/`) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id !== `\0${name}` && !id.startsWith(`\0${name}/`)) return undefined;
      const module = write(id.slice(name.length + 2), source);
      for (const file of module.files) this.addWatchFile(file);
      if ('code' in module) return module.code;
      return typeof module.value === 'string'
        ? `export default ${JSON.stringify(module.value)};`
        : `export default JSON.parse(${JSON.stringify(JSON.stringify(module.value))});`;
    },
  };
}
