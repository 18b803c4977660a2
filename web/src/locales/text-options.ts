import i18next, { type InitOptions } from 'i18next';
import { defaultLanguage, languages, type Language } from '../config/languages';

/** How every instance of the site reads its texts: the language, its fallback, interpolation. */
export function textOptions(language: Language, resources: InitOptions['resources'], ns: string[]): InitOptions {
  return {
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns,
    interpolation: { escapeValue: false }, // React escapes what it renders; the head's writer escapes too
    initAsync: false,
  };
}

/**
 * An instance outside React with the given namespaces in every language, read the same way as
 * the site's (the head's texts: seo/page-head.ts). Read it with `getFixedT(language, namespace)`.
 */
export function createTextInstance(namespaces: Readonly<Record<string, Readonly<Record<Language, object>>>>) {
  const resources = Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(Object.entries(namespaces).map(([namespace, texts]) => [namespace, texts[language]])),
    ]),
  );
  const instance = i18next.createInstance();
  void instance.init(textOptions(defaultLanguage, resources, Object.keys(namespaces)));
  return instance;
}
