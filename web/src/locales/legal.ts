import { deferredTexts } from './add-texts';
import en from './en/legal.json';
import it from './it/legal.json';

// The privacy policy and the terms are long, so their texts travel with the legal pages'
// script part rather than in the first bundle, as the `legal` namespace.
const legal = deferredTexts('legal', { en, it });
export const legalResources = legal.resources;
export const useLegalTexts = legal.use;
