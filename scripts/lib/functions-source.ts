// Lets plain Node load the functions' TypeScript source (functions/src). That source imports
// its own modules as `./x.js`, the names they have once compiled to functions/lib; Node strips
// the types of a .ts file it is given, but does not look for `x.ts` behind `./x.js`. This
// resolve hook does, for imports made from functions/src only, so a script can import the
// functions' own constants (the collections they write, say) without building them first.
// Vitest resolves so by itself; a script calls `loadFunctionsSource()` before it imports,
// dynamically, any module that reaches into functions/src.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { root } from './project.ts';

const functionsSource = pathToFileURL(join(root, 'functions', 'src')).href + '/';
let registered = false;

export function loadFunctionsSource(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.startsWith(functionsSource)) {
        const source = new URL(`${specifier.slice(0, -'.js'.length)}.ts`, context.parentURL);
        if (existsSync(fileURLToPath(source))) return nextResolve(source.href, context);
      }
      return nextResolve(specifier, context);
    },
  });
}
