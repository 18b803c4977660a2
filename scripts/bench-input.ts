// `npm run bench:input`: how long the site takes to answer a visitor's input on a phone. A
// phone-sized Chromium with its CPU slowed 4× (as Lighthouse simulates a mid-range phone)
// opens a page of the built site, served the way Firebase Hosting serves it, waits for the
// app's `data-ready` mark and acts at once, the moment a visitor's first tap most often
// waits: opens the menu, presses a carousel's arrow, types into the contact form, picks the
// other language. The latency of each interaction is what the browser's Event Timing API
// measures (scripts/lib/input-latency.ts): from the input to the next frame painted after its
// handlers ran, the figure INP is made of. Each interaction runs `--runs` times, each in a
// fresh browser context; the median and the worst run are printed beside the goal. The goal
// is printed, not enforced.
//
// A/B: `--baseline REV|DIR` measures another build beside this one, alternately, and prints
// the ratio B/A of the medians.
//
//   --no-build           reuse web/dist instead of running `npm run build:emulator -w web`
//   --runs N             runs per interaction and build (default 5)
//   --after MS           act this long after data-ready instead of at once (default 0)
//   --dist DIR           measure this build instead of web/dist (no build)
//   --baseline REV|DIR   A/B against this build
//   --articles N         measure this checkout with N help articles, generated beyond the real
//                        ones (scripts/lib/many-articles.ts), instead of web/dist
//
// Then the help page's search: from each key to the frame that shows its results, typed at
// once after tapping the box (the search loads as the visitor types) and once it has loaded.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHostingServer } from './lib/hosting-server.ts';
import { exitWith, pageUrl, root, table } from './lib/lighthouse-runner.ts';
import { interactions, measureInteraction } from './lib/input-latency.ts';
import { buildWithArticles } from './lib/many-articles.ts';
import { measureSearch } from './lib/search-latency.ts';
import { benchBuilds } from './lib/revision-build.ts';
import { longTaskMs } from './lib/start-up-tasks.ts';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    runs: { type: 'string', default: '5' },
    after: { type: 'string', default: '0' },
    dist: { type: 'string' },
    baseline: { type: 'string' },
    articles: { type: 'string' },
  },
  allowNegative: true,
});
/** How soon a key's search results should be on screen. */
const searchGoalMs = 100;
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) exitWith(`--runs wants a whole number ≥ 1, not "${values.runs}".`, 2);
const afterReadyMs = Number(values.after);
if (!Number.isFinite(afterReadyMs) || afterReadyMs < 0)
  exitWith(`--after wants milliseconds ≥ 0, not "${values.after}".`, 2);
const started = Date.now();
const articles = values.articles === undefined ? undefined : Number(values.articles);
if (articles !== undefined && (!Number.isInteger(articles) || articles < 1))
  exitWith(`--articles wants a whole number, not "${values.articles ?? ''}".`, 2);
const builds =
  articles === undefined
    ? await benchBuilds(values)
    : [{ label: `with ${String(articles)} articles`, dist: await buildWithArticles(articles) }];

const servers = await Promise.all(
  builds.map((build) => startHostingServer(join(root, 'firebase.json'), { publicDir: build.dist })),
);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });

/** The builds' indexes in the order of run `run`: they take turns (A B, then B A), so a slow spell of the machine falls on both. */
const inTurn = (run: number) => {
  const order = builds.map((_, index) => index);
  return run % 2 === 1 ? order.reverse() : order;
};

/** Latencies in milliseconds, by build and interaction. */
const latencies = builds.map(() => new Map<string, number[]>());
/** The help search's cases: each language, typed at once and once the search has loaded. */
const searchCases = (['en', 'it'] as const).flatMap((language) => [
  { name: `search in ${language}, typed at once`, language, warm: false },
  { name: `search in ${language}, once loaded`, language, warm: true },
]);
/** The search's figures in milliseconds, by build and case: the first results, and every later key's. */
const searches = builds.map(() => new Map<string, { first: number[]; later: number[] }>());
try {
  for (let run = 0; run < runs; run++) {
    for (const interaction of interactions) {
      for (const build of inTurn(run)) {
        const server = servers[build];
        if (!server) continue;
        const url = pageUrl(server.origin, interaction.route, interaction.lang);
        const latency = await measureInteraction(browser, url, interaction, afterReadyMs);
        const { ms } = latency;
        const list = latencies[build]?.get(interaction.name) ?? [];
        list.push(ms);
        latencies[build]?.set(interaction.name, list);
        console.log(
          `  ${String(run + 1)}/${String(runs)} ${builds[build]?.label ?? ''}: ${interaction.name.padEnd(28)} ${ms.toFixed(0).padStart(4)} ms` +
            `  (${latency.event}: waited ${latency.delayMs.toFixed(0)}, handlers ${latency.processingMs.toFixed(0)}, next frame ${latency.presentationMs.toFixed(0)} ms)`,
        );
      }
    }
    for (const searchCase of searchCases) {
      for (const build of inTurn(run)) {
        const server = servers[build];
        if (!server) continue;
        const url = pageUrl(server.origin, '/help', searchCase.language);
        const { firstMs, laterMs } = await measureSearch(browser, url, searchCase.language, searchCase.warm);
        const figures = searches[build]?.get(searchCase.name) ?? { first: [], later: [] };
        figures.first.push(firstMs);
        figures.later.push(...laterMs);
        searches[build]?.set(searchCase.name, figures);
        console.log(
          `  ${String(run + 1)}/${String(runs)} ${builds[build]?.label ?? ''}: ${searchCase.name.padEnd(32)} first results ${firstMs.toFixed(0).padStart(4)} ms, later keys ${laterMs.map((ms) => ms.toFixed(0)).join(' ')} ms`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const judged = (ms: number) => `${ms.toFixed(0)} ms ${ms <= longTaskMs ? '✓' : '✗'}`;
for (const [index, build] of builds.entries()) {
  console.log(
    `\n${build.label}: input latency at 4× CPU slowdown, ${String(afterReadyMs)} ms after data-ready, ${String(runs)} run(s) each:`,
  );
  const rows = interactions.map((interaction) => {
    const list = latencies[index]?.get(interaction.name) ?? [];
    return [interaction.name, interaction.lang, interaction.route, judged(median(list)), judged(Math.max(...list))];
  });
  console.log(table(['Interaction', 'Lang', 'Page', 'Median', 'Worst'], rows, 3).join('\n'));
}
if (builds.length === 2) {
  console.log(`\nRatio of medians, ${builds[1]?.label ?? ''} / ${builds[0]?.label ?? ''}:`);
  const rows = interactions.map((interaction) => {
    const [a, b] = latencies.map((byName) => median(byName.get(interaction.name) ?? []));
    return [interaction.name, a && b !== undefined ? (b / a).toFixed(2) : '–'];
  });
  console.log(table(['Interaction', 'B/A'], rows, 1).join('\n'));
}
const searched = (ms: number) => `${ms.toFixed(0)} ms ${ms <= searchGoalMs ? '✓' : '✗'}`;
for (const [index, build] of builds.entries()) {
  console.log(`\n${build.label}: the help search at 4× CPU slowdown, from a key to its results on screen:`);
  const rows = searchCases.map(({ name }) => {
    const { first, later } = searches[index]?.get(name) ?? { first: [], later: [] };
    return [
      name,
      searched(median(first)),
      searched(Math.max(...first)),
      searched(median(later)),
      searched(Math.max(...later)),
    ];
  });
  console.log(table(['Case', 'First median', 'First worst', 'Later median', 'Later worst'], rows, 1).join('\n'));
}
console.log(
  `\nGoal (printed, not enforced): the first results within ${String(searchGoalMs)} ms of the key once the search has loaded.` +
    ` Typed at once, the first results also wait for the search and its index to arrive.`,
);
console.log(
  `\nGoal (printed, not enforced): every interaction answered within ${String(longTaskMs)} ms at the 4× slowdown. ` +
    `The Event Timing API reports interactions of 16 ms and more: a figure under 16 ms is printed as 16 ms.` +
    `\n• Took ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
);
