// The site as it is, with more help articles than it has: a copy of web/ (this checkout's
// sources, uncommitted changes included) with generated articles added to config/help.ts,
// locales/<language>/help.json and locales/articles/, built the way `npm start` builds it.
// It shows what the pages weigh and how the search answers when the help centre has grown
// (tests/budgets/many-articles.test.ts, `npm run bench:input -- --articles N`).
//
// A generated article copies the shape of a real one (its blocks, and the number of words in
// each) and fills it with words drawn from the real texts of its language, so it compresses
// about as a written article does, not as a repeated one would.
import { cp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastGreenRunFile } from '../../web/build/accessibility-checks.ts';
import { helpArticleIds, helpTopics } from '../../web/src/config/help.ts';
import { languages, type Language } from '../../web/src/config/languages.ts';
import { readTextFile } from '../../web/build/fact-texts.ts';
import { capture } from './processes.ts';
import { root } from './project.ts';

type Block = string | { steps: string[] } | { list: string[] } | { features: string };
type ArticleFile = Record<Language, Block[]>;
type HelpFile = { articles: Record<string, { title: string; summary: string }> };

/** The id of the `n`th generated article (from 1). */
export function generatedArticleId(n: number): string {
  return `generated-article-${String(n)}`;
}

/** A small, seeded random number generator (mulberry32): the same site for the same count. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The words of a text, without its links' tags and placeholders. */
const wordsOf = (text: string) =>
  text
    .replace(/<\/?[\w-]+>|{{\s*\w+\s*}}/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** A text of `count` words drawn from `vocabulary`, a sentence as the site writes one. */
function sentence(vocabulary: string[], count: number, next: () => number, end = '.'): string {
  const words = Array.from(
    { length: Math.max(count, 2) },
    () => vocabulary[Math.floor(next() * vocabulary.length)] ?? '',
  );
  const text = words.join(' ').replace(/[.?!:;]+$/, '');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${end}`;
}

/** A block of the same shape as `model`, with as many words in each text. */
function blockLike(model: Block, vocabulary: string[], next: () => number): Block {
  const like = (text: string) => sentence(vocabulary, wordsOf(text).length, next);
  if (typeof model === 'string') return like(model);
  if ('steps' in model) return { steps: model.steps.map(like) };
  if ('list' in model) return { list: model.list.map(like) };
  return model;
}

/** Copies web/ under `target` (emptied first) with what its build reads outside it; returns the copy's web/. */
async function copySite(target: string): Promise<string> {
  await rm(target, { recursive: true, force: true });
  const web = join(target, 'web');
  const skipped = new Set(['node_modules', 'dist', 'tsconfig.tsbuildinfo']);
  await cp(join(root, 'web'), web, {
    recursive: true,
    filter: (source) => !skipped.has(source.slice(join(root, 'web').length + 1).split('/')[0] ?? ''),
  });
  // What the build reads outside web/: the shared contracts (tsconfig.json's `@contracts/`),
  // the emulators' project and ports (web/build/emulator-env.ts), the packages' versions and
  // the last green run (web/build/accessibility-checks.ts); this checkout's packages serve it.
  await cp(join(root, 'functions', 'src', 'contracts'), join(target, 'functions', 'src', 'contracts'), {
    recursive: true,
  });
  for (const file of ['tsconfig.json', 'package.json', 'firebase.json', '.firebaserc', lastGreenRunFile])
    if (existsSync(join(root, file))) await cp(join(root, file), join(target, file));
  await symlink(join(root, 'node_modules'), join(target, 'node_modules'), 'dir');
  await mkdir(join(web, 'node_modules'));
  return web;
}

/** What generated articles are made of: the real ones, each language's help texts, and their words. */
type Models = {
  articles: ArticleFile[];
  helpFiles: Record<Language, HelpFile>;
  vocabularies: Record<Language, string[]>;
};

/** The real articles and help texts of the copy's sources (`source`), and the words they hold per language. */
function readModels(source: string): Models {
  // As the build reads them: each text written for both answers of an app fact holds config's.
  const articles = helpArticleIds.map((id) =>
    readTextFile<ArticleFile>(join(source, 'locales', 'articles', `${id}.json`)),
  );
  const helpFiles = Object.fromEntries(
    languages.map((language) => [language, readTextFile<HelpFile>(join(source, 'locales', language, 'help.json'))]),
  ) as Record<Language, HelpFile>;
  const vocabularies = Object.fromEntries(
    languages.map((language) => [
      language,
      [
        ...Object.values(helpFiles[language].articles).flatMap(({ title, summary }) => [
          ...wordsOf(title),
          ...wordsOf(summary),
        ]),
        ...articles.flatMap((model) => model[language].flatMap((block) => wordsOf(JSON.stringify(block)))),
      ],
    ]),
  ) as Record<Language, string[]>;
  return { articles, helpFiles, vocabularies };
}

/**
 * The `n`th generated article (`id`) in every language, shaped as the real article it takes
 * its turn from; its title and summary are added to the models' help texts.
 */
function generatedArticle(n: number, id: string, { articles, helpFiles, vocabularies }: Models): ArticleFile {
  const modelIndex = (n - 1) % articles.length;
  const model = articles[modelIndex] as ArticleFile;
  const modelId = helpArticleIds[modelIndex] ?? '';
  const file = {} as ArticleFile;
  for (const language of languages) {
    const next = random(n * 31 + language.charCodeAt(0));
    const vocabulary = vocabularies[language];
    const real = helpFiles[language].articles[modelId];
    helpFiles[language].articles[id] = {
      title: sentence(vocabulary, wordsOf(real?.title ?? '').length, next, '?'),
      summary: sentence(vocabulary, wordsOf(real?.summary ?? '').length, next),
    };
    file[language] = model[language].map((block) => blockLike(block, vocabulary, next));
  }
  return file;
}

/**
 * Writes `extra` generated articles into the copy's sources, and the help texts that name them;
 * returns their ids by topic, the topics taken in turn.
 */
async function writeArticles(source: string, extra: number): Promise<Map<string, string[]>> {
  const models = readModels(source);
  const byTopic = new Map(helpTopics.map((topic) => [topic, [] as string[]]));
  for (let n = 1; n <= extra; n++) {
    const id = generatedArticleId(n);
    byTopic.get(helpTopics[(n - 1) % helpTopics.length] ?? 'app')?.push(id);
    const file = generatedArticle(n, id, models);
    await writeFile(join(source, 'locales', 'articles', `${id}.json`), JSON.stringify(file, null, 2));
  }
  for (const language of languages)
    await writeFile(
      join(source, 'locales', language, 'help.json'),
      JSON.stringify(models.helpFiles[language], null, 2),
    );
  return byTopic;
}

/** Adds the generated articles to their topics' lists in the copy's config/help.ts. */
async function listArticles(source: string, byTopic: Map<string, string[]>): Promise<void> {
  const config = join(source, 'config', 'help.ts');
  let list = await readFile(config, 'utf8');
  for (const [topic, ids] of byTopic) {
    const before = list;
    list = list.replace(`\n  ${topic}: [`, () => `\n  ${topic}: [${ids.map((id) => `'${id}', `).join('')}`);
    if (list === before) throw new Error(`config/help.ts lists no topic "${topic}" where it was expected.`);
  }
  await writeFile(config, list);
}

/** Builds the copy's web/ the way `npm start` builds the site; returns its dist/. */
async function buildCopy(web: string, count: number): Promise<string> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = await capture(process.execPath, [vite, 'build', '--mode', 'emulator'], {
    cwd: web,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.code !== 0)
    throw new Error(
      `The build with ${String(count)} articles failed:\n${built.stdout.slice(-4000)}${built.stderr.slice(-4000)}`,
    );
  return join(web, 'dist');
}

/**
 * Writes the copy of the site with `count` articles in all under `target` (emptied first) and
 * builds it; returns its web/dist. The generated articles are spread over the topics in turn.
 */
export async function buildWithArticles(
  count: number,
  target = join(tmpdir(), `site-with-${String(count)}-articles`),
): Promise<string> {
  const extra = count - helpArticleIds.length;
  if (extra < 0)
    throw new Error(`The site already has ${String(helpArticleIds.length)} articles, more than ${String(count)}.`);
  const web = await copySite(target);
  const source = join(web, 'src');
  await listArticles(source, await writeArticles(source, extra));
  const written = (await readdir(join(source, 'locales', 'articles'))).length;
  if (written !== count) throw new Error(`The copy has ${String(written)} article files, not ${String(count)}.`);
  return buildCopy(web, count);
}
