import { deferredTexts } from './add-texts';
import en from './en/help.json';
import it from './it/help.json';

// The help centre's texts (namespace `help`): its page's, the topics', each article's title and
// summary. They travel with the help pages' script parts and with the Contact Us form's
// suggestions (loaded when they first search); each article's text is the `articles` namespace
// (locales/articles.ts). Their `{{name}}` placeholders are config's values (config/help-texts.ts).

export const helpTexts = deferredTexts('help', { en, it });
