import { deferredTexts } from './add-texts';
import en from './en/plans.json';
import it from './it/plans.json';

// The names of the plans' features (config/plan-features.ts), as the `plans` namespace: the
// plans page, the terms and the help articles list them with the same words.
const plans = deferredTexts('plans', { en, it });
export const planResources = plans.resources;
export const usePlanTexts = plans.use;
