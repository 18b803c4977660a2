import { deferredTexts } from './add-texts';
import en from './en/accessibility.json';
import it from './it/accessibility.json';

// The accessibility statement's texts travel with that page's script part, as the
// `accessibility` namespace: no other page carries them.
const accessibility = deferredTexts('accessibility', { en, it });
export const accessibilityResources = accessibility.resources;
export const useAccessibilityTexts = accessibility.use;
