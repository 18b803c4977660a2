import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '../config/languages';

type DeferredNamespace =
  | 'pages'
  | 'members'
  | 'account'
  | 'accessibility'
  | 'help'
  | 'articles'
  | 'meta'
  | 'plans'
  | 'picture'
  | 'contact'
  | 'slideshow'
  | 'footer'
  | 'helpQuestion'
  | 'outbox'
  | 'helpCopy'
  | 'knownProblemsPage';

/**
 * A namespace whose texts travel with the pages that use them rather than in the first bundle.
 * `add` puts its texts in every language into the site's i18next instance, once; `use` is
 * `useTranslation` for the namespace with its texts added first.
 */
export function deferredTexts<N extends DeferredNamespace, R extends Record<Language, object>>(
  namespace: N,
  resources: R,
) {
  function add(instance: i18n) {
    for (const [language, texts] of Object.entries(resources)) {
      if (!instance.hasResourceBundle(language, namespace)) instance.addResourceBundle(language, namespace, texts);
    }
  }
  function useTexts() {
    const { i18n } = useTranslation();
    add(i18n);
    return useTranslation(namespace);
  }
  return { resources, add, use: useTexts };
}
