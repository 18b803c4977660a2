import type { i18n } from 'i18next';

/**
 * Adds a namespace's texts in every language to the site's i18next instance, once. For the
 * namespaces that travel with the pages that use them rather than in the first bundle.
 */
export function addTexts(instance: i18n, namespace: string, resources: Record<string, object>) {
  for (const [language, texts] of Object.entries(resources)) {
    if (!instance.hasResourceBundle(language, namespace)) instance.addResourceBundle(language, namespace, texts);
  }
}
