import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { loadEnv, type Plugin } from 'vite';
import { defineConfig, type ViteUserConfig as UserConfig } from 'vitest/config';
import { prerender } from './build/prerender.ts';
import { formatAtBuild } from './build/formatted.ts';
import { drawQrCodesAtBuild } from './build/qr-codes.ts';
import { helpSearchAtBuild } from './build/help-search.ts';
import { helpTextsAtBuild } from './build/help-text-modules.ts';
import { legalTextsAtBuild } from './build/legal-texts.ts';
import { factTextsAtBuild } from './build/fact-texts.ts';
import { accessibilityChecksAtBuild } from './build/accessibility-checks.ts';
import { firstVisitParts } from './build/first-visit-parts.ts';
import { helpCopyManifest } from './build/help-copy-parts.ts';
import { buildEnv, emulatorMode, refuseEmulatorSettings } from './build/production-env.ts';
import { webEmulatorEnv } from './build/emulator-env.ts';

/**
 * Writes `.vite/chunks.json`: every script part with its static and dynamic imports and the
 * modules inside it, for the bundle budgets (tests/budgets). Hosting ignores dot folders, so
 * it is never served.
 */
function chunkGraph(): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'chunk-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_, bundle) {
      if (ssr) return;
      // node_modules/<package>/… for dependencies, the path from web/ for the site's own.
      const moduleName = (id: string) => {
        const path = id.replace(/\0/g, '');
        const dependency = path.lastIndexOf('/node_modules/');
        return dependency >= 0 ? path.slice(dependency + 1) : relative(root, path);
      };
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                isEntry: output.isEntry,
                isDynamicEntry: output.isDynamicEntry,
                source: output.facadeModuleId && relative(root, output.facadeModuleId),
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: output.moduleIds.map(moduleName),
              },
            ]
          : [],
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks, null, 2) });
    },
  };
}

/**
 * The service worker (offline/service-worker.ts, built with Workbox): the help centre readable
 * and searchable without a connection once visited. Its list is the parts the help pages load as
 * they are used (build/help-copy-parts.ts); the rest it reads from each page it keeps. Built to
 * remove itself when the operator withdraws it (`VITE_SERVICE_WORKER=withdrawn`, docs/operating.md).
 */
function helpCopyWorker(withdrawn: boolean) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'offline',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest: false,
    selfDestroying: withdrawn,
    injectManifest: {
      globPatterns: ['static/js/*.js', 'static/css/*.css'],
      manifestTransforms: [helpCopyManifest(fileURLToPath(new URL('./dist', import.meta.url)))],
      // Every part counts, whatever its size: the list is cut to the help pages' below.
      maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
    },
  });
}

/** The name of a script part: the start-up group's, or after the first of React DOM, i18next or React it holds. */
function sharedPartName(name: string, moduleIds: readonly string[]): string | undefined {
  if (name === 'start-up') return name;
  const holds = (name: string) => moduleIds.some((id) => id.replace(/\\/g, '/').includes(`/node_modules/${name}/`));
  return ['react-dom', 'i18next', 'react'].find(holds);
}

export default defineConfig(({ command, mode }) => {
  // A local build (`--mode emulator`: npm start, npm test) talks to the emulators: Vite reads
  // `VITE_` variables from the environment after this file, so they are set here (a value
  // already in the environment wins).
  if (mode === emulatorMode) {
    for (const [name, value] of Object.entries(webEmulatorEnv())) process.env[name] ??= value;
  } else if (command === 'build') {
    // Any other build is one the public may get: no emulator address may reach it. `npm run
    // build` has checked already, before its type-check; this catches `vite build` run alone.
    const refusal = refuseEmulatorSettings(mode, buildEnv(mode));
    if (refusal) throw new Error(refusal);
  }
  // The operator's word on the help centre's copy, from the shell or the mode's .env file, as
  // the pages read it (import.meta.env): both withdraw it, or neither.
  const worker = loadEnv(mode, import.meta.dirname, 'VITE_SERVICE_WORKER').VITE_SERVICE_WORKER;
  return { ...config, plugins: [...config.plugins, helpCopyWorker(worker === 'withdrawn')] };
});

const firstVisit = firstVisitParts();

const config = {
  plugins: [
    react(),
    factTextsAtBuild(),
    firstVisit.plugin,
    chunkGraph(),
    helpSearchAtBuild(),
    helpTextsAtBuild(),
    legalTextsAtBuild(),
    prerender(),
  ],
  // Import aliases come from tsconfig.json's `paths`: `@contracts/…`, what the site shares with
  // the functions (functions/src/contracts/, ARCHITECTURE.md).
  resolve: {
    tsconfigPaths: true,
    alias: [
      // wouter reads useSyncExternalStore through the package made for React before 18; React 19
      // has it, and the shim's fallback would be 0.2 kB (gzip) of the first visit never run.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./build/react-sync-store.ts', import.meta.url)),
      },
    ],
  },
  define: {
    // The prerendered pages' copyright year (components/layout/footer.tsx).
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    // Dates and prices in every language (build/formatted.ts): config/formatted.ts reads them.
    __FORMATTED__: JSON.stringify(formatAtBuild()),
    // The download page's QR codes (build/qr-codes.ts): components/store/qr-code.tsx shows them.
    __QR_CODES__: JSON.stringify(drawQrCodesAtBuild()),
    // The accessibility statement's checks and last green run (build/accessibility-checks.ts).
    __ACCESSIBILITY__: JSON.stringify(accessibilityChecksAtBuild()),
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Images stay files: inlined as base64 they would weigh down the first script.
    assetsInlineLimit: 0,
    // Browsers preload modules themselves (Chrome 66, Safari 17, Firefox 115); one without it
    // fetches each part when it is imported, as it would with no hint. The polyfill would be
    // 0.6 kB (gzip) of every page's first script.
    modulePreload: { polyfill: false },
    // One stylesheet for the whole site: the base (src/styles.css) and what each feature's
    // components import (features/<name>/*.css). Split with their script parts, a page showing a
    // feature (Contact Us, the help centre, the account page) would wait for a second
    // stylesheet before its first paint, and the policy (style-src 'self') lets no style in
    // the page itself.
    cssCodeSplit: false,
    // Script parts live under static/js, as the site serves them.
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        // Rolldown names a shared part after its first module; the parts holding the packages
        // every page needs are named for them.
        codeSplitting: {
          groups: [
            { name: 'first', test: firstVisit.first, priority: 2 },
            { name: 'start-up', test: firstVisit.startUp, priority: 1 },
          ],
        },
        chunkFileNames: ({ name, moduleIds }) => `static/js/${sharedPartName(name, moduleIds) ?? '[name]'}-[hash].js`,
        assetFileNames: ({ names }) =>
          names.some((name) => name.endsWith('.css'))
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]',
      },
    },
  },
  test: {
    // Node unless a file asks for a DOM (`// @vitest-environment jsdom` on its first line):
    // jsdom costs each file that does not need it about half a second.
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Above what a test may wait for (Testing Library's 10 s, src/test/setup.ts).
    testTimeout: 20_000,
    restoreMocks: true,
  },
} satisfies UserConfig;
