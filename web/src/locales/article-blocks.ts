import type { Language } from '../config/languages';
// Explicit extensions and JSON attributes: the build's search index (build/help-search.ts) reads this too.
import { featureDays, proFeatureIds } from '../config/plan-features.ts';
import enPlans from './en/plans.json' with { type: 'json' };
import itPlans from './it/plans.json' with { type: 'json' };

// An article file's blocks as the file holds them, and as every reader gets them: a
// `{ "features": "pro" }` block is the list of what only Pro has, written from
// config/plan-features.ts with the plans' feature names (locales/<language>/plans.json), so an
// article lists the same features as the plans page and the terms.

/** One block of an article: a paragraph, numbered steps or a list. */
export type ArticleBlock = string | { steps: string[] } | { list: string[] };

/** A block as an article file may hold it: also the list of Pro's features. */
export type ArticleFileBlock = ArticleBlock | { features: 'pro' };

/** An article's file (locales/articles/<id>.json): its text in every language. */
export type ArticleTextFile = Readonly<Record<Language, ArticleFileBlock[]>>;

const featureNames: Record<Language, Record<string, string>> = { en: enPlans.features, it: itPlans.features };

/** What only Pro has, in `language`, as an article's list. */
export function proFeatureList(language: Language): string[] {
  return proFeatureIds.map((id) => {
    const name = featureNames[language][id];
    if (name === undefined) throw new Error(`locales/${language}/plans.json names no feature "${id}".`);
    return name.replace('{{days}}', String(featureDays(id) ?? ''));
  });
}

/** An article's blocks with every `features` block written out as its list. */
export function articleBlocks(blocks: readonly ArticleFileBlock[], language: Language): ArticleBlock[] {
  return blocks.map((block) =>
    typeof block === 'object' && 'features' in block ? { list: proFeatureList(language) } : block,
  );
}
