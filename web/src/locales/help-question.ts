import { deferredTexts } from './add-texts';
import en from './en/help-question.json';
import it from './it/help-question.json';

// The question at the end of every help article (features/help/article-question.tsx) hydrates
// when the reader nears it: its texts travel with its script part, as the `helpQuestion`
// namespace, in every language.
const helpQuestion = deferredTexts('helpQuestion', { en, it });
export const useHelpQuestionTexts = helpQuestion.use;
