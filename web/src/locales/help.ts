import { deferredTexts } from './add-texts';
import type enHelp from './en/help.json';
import en from 'virtual:help-texts/en';
import it from 'virtual:help-texts/it';

// The help centre's texts (namespace `help`): its page's, the topics', each article's title.
// They travel with the help pages' script parts and with the Contact Us form's suggestions
// (loaded when they first search). An article's summary and text are the `articles` namespace
// (locales/articles.ts), loaded with its page; the build cuts them apart (build/help-text-modules.ts)
// from locales/<language>/help.json, where titles and summaries are written side by side.
// Their `{{name}}` placeholders are config's values (config/help-text-values.ts).

type Articles = (typeof enHelp)['articles'];

/** help.json as the help pages load it: each article's title, without its summary. */
export type HelpTexts = Omit<typeof enHelp, 'articles'> & { articles: { [id in keyof Articles]: { title: string } } };

export const helpTexts = deferredTexts('help', { en, it });
