// A help article's id, as the help centre's addresses have it (`/help/cancel-pro`): what a help
// signal (help-signal.ts) and a contact message's context (contact-message.ts) may name, and
// firestore.rules' isArticleId, which tests/emulators/rules.test.ts compares with these. One of
// the contracts (ARCHITECTURE.md, "Contracts"): it imports nothing. That an id has this form
// says nothing of whether the help centre has the article: a script may write any such id.

/** The form of an id: lower-case letters and digits, single hyphens inside. */
export const articleIdPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** The longest id, in characters. */
export const maxArticleIdLength = 60;

const pattern = new RegExp(articleIdPattern);

/** Whether a value has an article id's form. */
export const isArticleId = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= maxArticleIdLength && pattern.test(value);
