import type { Plugin } from 'vite';

/** The module whose static imports are everything a page needs to start (src/main.tsx loads it). */
const startUpModule = '/src/app/start-up.tsx';

/**
 * The script parts of a first visit, as groups for the bundler (`output.codeSplitting.groups`):
 * - `first`: what the page's first script imports (boot.ts, the task helper, Vite's preload
 *   helper) stays in it;
 * - `start-up`: app/start-up.tsx and every module of the site it imports, with the parts of the
 *   packages they use (React DOM comes beside it, from main.tsx), in one part.
 * Without them the bundler cuts each module the later parts share with the start-up (the
 * languages, the paths, the site's facts, the texts' options) into a part of its own: ten
 * scripts instead of five on a first visit, 1.6 kB more after compression. Without `first`,
 * the first script would import the start-up part, which is fetched only once the page has
 * painted (boot.ts).
 */
export function firstVisitParts() {
  const modules = new Set<string>();
  const firstModules = new Set<string>();
  const plugin: Plugin = {
    name: 'first-visit-parts',
    // The browser's build (the prerenderer's server build has no script parts to group).
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      modules.clear();
      firstModules.clear();
      const ids = [...this.getModuleIds()];
      const start = ids.find((id) => id.replace(/\\/g, '/').endsWith(startUpModule));
      if (start === undefined) throw new Error(`The build has no ${startUpModule}.`);
      const reach = (from: string[]) => {
        const seen = new Set<string>();
        const todo = [...from];
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // What the page's first script imports (boot.ts) stays in it: the start-up is fetched later.
      const first = reach(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of reach([start])) if (!first.has(id)) modules.add(id);
      for (const id of first) firstModules.add(id);
    },
  };
  return {
    plugin,
    first: (id: string) => firstModules.has(id),
    // The site's own modules; the bundler adds what they use of the packages (a package's index
    // imports more than the start-up uses: react-i18next's <Trans> stays with the pages using it).
    startUp: (id: string) => modules.has(id) && !/[\\/]node_modules[\\/]/.test(id),
  };
}
