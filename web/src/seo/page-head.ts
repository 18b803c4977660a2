// What search engines and link previews read about a page, in one language: title,
// description, addresses, Open Graph, Twitter card, Safari's app banner and a schema.org
// description of the app. Pure data and tags; render-head.ts turns them into the HTML the
// prerendered pages carry, apply-head.ts into the live document after a client-side change.
import { forecastDays, plans } from '../config/constants';
import { isHelpArticleId } from '../config/help';
import { languages, type Language } from '../config/languages';
import { helpArticleOf, isHelpArticle, isUnlisted } from '../config/paths';
import { site } from '../config/site';
import { helpTexts } from '../locales/help';
import { fillHelpText, helpTextsIn } from '../locales/help-text';
import enHelp from '../locales/en/help.json';
import itHelp from '../locales/it/help.json';
import { asBuilt } from '../locales/fact-texts';
import { createTextInstance } from '../locales/text-options';
import { metaTexts } from '../locales/meta';
import { ogLocales, pageAlternates, pageUrl, type Alternate, type Page } from './addresses';
import { shareImage } from './share-image';

// The head's texts (namespace `meta`) and the help articles' titles (`help`) and summaries (an
// article's head is its title and summary), in an instance of their own: only the prerenderer
// and the head updater (a part loaded after a navigation) read them, so they never weigh on
// a first visit.
const headTexts = createTextInstance({ meta: metaTexts.resources, help: helpTexts.resources });
const articleSummaries: Readonly<Record<Language, Readonly<Record<string, { summary: string }>>>> = {
  en: asBuilt(enHelp).articles,
  it: asBuilt(itHelp).articles,
};

/**
 * The pages that present the app itself, and so carry its schema.org description: listed here,
 * where the head is made, rather than in the route table, which every page's start-up carries.
 */
export const appPages: ReadonlySet<Page> = new Set<Page>(['home', 'features', 'downloadApp', 'pro']);

type Offer = {
  '@type': 'Offer';
  name: string;
  price: number;
  priceCurrency: string;
  category: 'free' | 'subscription';
  priceSpecification?: {
    '@type': 'UnitPriceSpecification';
    price: number;
    priceCurrency: string;
    /** ISO 8601 duration of one billing period. */
    billingDuration: 'P1M' | 'P1Y';
    /** UN/CEFACT unit of the period: MON (month), ANN (year). */
    unitCode: 'MON' | 'ANN';
  };
};

/** schema.org's Organization: the operator, from the same facts as the footer and the legal texts. */
export type Organization = {
  '@type': 'Organization';
  name: string;
  legalName: string;
  vatID: string;
  url: string;
  email: string;
  address: {
    '@type': 'PostalAddress';
    streetAddress: string;
    postalCode: string;
    addressLocality: string;
    addressRegion: string;
    addressCountry: string;
  };
};

/** schema.org's MobileApplication, as search engines read it from JSON-LD. */
export type MobileApplication = {
  '@context': 'https://schema.org';
  '@type': 'MobileApplication';
  name: string;
  description: string;
  url: string;
  inLanguage: Language;
  operatingSystem: string;
  applicationCategory: string;
  image: string;
  installUrl: string[];
  offers: Offer[];
  publisher: Organization;
};

export type PageHead = {
  title: string;
  description: string;
  /** Only on the not-found page, which has no address of its own to index. */
  robots?: 'noindex';
  canonical?: string;
  alternates: Alternate[];
  openGraph: {
    type: 'website';
    siteName: string;
    title: string;
    description: string;
    url?: string;
    locale: string;
    alternateLocales: string[];
    image: { url: string; type: string; width: number; height: number; alt: string };
  };
  twitter: { card: 'summary_large_image'; title: string; description: string; image: string; imageAlt: string };
  /** Safari's smart app banner: `app-id=<App Store id>`. */
  appleItunesApp: string;
  jsonLd?: MobileApplication;
};

/** A price as the pages show it in that language: "€2.79", "2,79 €", "€0". */
function formatPrice(price: number, language: Language): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: plans.currency,
    ...(Number.isInteger(price) ? { maximumFractionDigits: 0 } : {}),
  }).format(price);
}

function subscription(name: string, plan: typeof plans.proMonthly | typeof plans.proYearly): Offer {
  const monthly = plan.period === 'month';
  return {
    '@type': 'Offer',
    name,
    price: plan.price,
    priceCurrency: plans.currency,
    category: 'subscription',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: plan.price,
      priceCurrency: plans.currency,
      billingDuration: monthly ? 'P1M' : 'P1Y',
      unitCode: monthly ? 'MON' : 'ANN',
    },
  };
}

/** The operator as schema.org describes an organisation (config/site.ts). */
export function organization(): Organization {
  const office = site.company.registeredOffice;
  return {
    '@type': 'Organization',
    name: site.operatorName,
    legalName: site.operatorName,
    vatID: site.vatNumber,
    url: site.origin,
    email: site.supportEmail,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      postalCode: office.postalCode,
      addressLocality: office.city,
      addressRegion: office.province,
      addressCountry: office.country,
    },
  };
}

function mobileApplication(language: Language, imageUrl: string): MobileApplication {
  const t = headTexts.getFixedT(language, 'meta');
  return {
    '@context': 'https://schema.org',
    '@type': 'MobileApplication',
    name: site.productName,
    description: t('app.description', { product: site.productName }),
    url: pageUrl('home', language),
    inLanguage: language,
    operatingSystem: 'Android, iOS',
    applicationCategory: 'SportsApplication',
    image: imageUrl,
    installUrl: [site.stores.googlePlay, site.stores.appStore],
    offers: [
      {
        '@type': 'Offer',
        name: t('app.offers.free'),
        price: plans.free.price,
        priceCurrency: plans.currency,
        category: 'free',
      },
      subscription(t('app.offers.proMonthly'), plans.proMonthly),
      subscription(t('app.offers.proYearly'), plans.proYearly),
    ],
    publisher: organization(),
  };
}

/** The values the head's texts fill in: the product, the forecast's days, the prices in `language`. */
function headValues(language: Language) {
  return {
    product: site.productName,
    proDays: String(forecastDays.pro),
    freeDays: String(forecastDays.free),
    monthly: formatPrice(plans.proMonthly.price, language),
    yearly: formatPrice(plans.proYearly.price, language),
  };
}

/** The page's title and description: a help article's from its title and summary, any other page's from `meta`. */
function titleAndDescription(
  page: Page,
  language: Language,
  values: ReturnType<typeof headValues>,
): { title: string; description: string } {
  const t = headTexts.getFixedT(language, 'meta');
  if (isHelpArticle(page)) {
    const help = helpTextsIn(headTexts, language);
    const id = helpArticleOf(page);
    return {
      title: t('helpArticle.title', { ...values, article: help(`articles.${id}.title`) }),
      description: fillHelpText(headTexts, language, articleSummaries[language][id]?.summary ?? ''),
    };
  }
  return { title: t(`pages.${page}.title`, values), description: t(`pages.${page}.description`, values) };
}

/** What the head of every page says, whether it has an address or not: words, image, cards. */
function sharedHead(page: Page, language: Language) {
  const t = headTexts.getFixedT(language, 'meta');
  const values = headValues(language);
  const { title, description } = titleAndDescription(page, language, values);
  const image = {
    url: `${site.origin}${shareImage.path}`,
    type: shareImage.type,
    width: shareImage.width,
    height: shareImage.height,
    alt: t('shareImageAlt', values),
  };
  const twitter = {
    card: 'summary_large_image',
    title,
    description,
    image: image.url,
    imageAlt: image.alt,
  } as const;
  return { title, description, image, twitter, appleItunesApp: `app-id=${site.appStoreId}` };
}

/** Everything the head says about `page` in `language`. */
export function pageHead(page: Page, language: Language): PageHead {
  // An address shaped like an article's that names none is the not-found page.
  if (isHelpArticle(page) && !isHelpArticleId(helpArticleOf(page))) return pageHead('notFound', language);
  const { title, description, image, twitter, appleItunesApp } = sharedHead(page, language);

  if (page === 'notFound') {
    return {
      title,
      description,
      robots: 'noindex',
      alternates: [],
      openGraph: {
        type: 'website',
        siteName: site.productName,
        title,
        description,
        locale: ogLocales[language],
        alternateLocales: [],
        image,
      },
      twitter,
      appleItunesApp,
    };
  }

  const canonical = pageUrl(page, language);
  return {
    title,
    description,
    ...(isUnlisted(page) ? { robots: 'noindex' as const } : {}),
    canonical,
    alternates: pageAlternates(page),
    openGraph: {
      type: 'website',
      siteName: site.productName,
      title,
      description,
      url: canonical,
      locale: ogLocales[language],
      alternateLocales: languages.filter((other) => other !== language).map((other) => ogLocales[other]),
      image,
    },
    twitter,
    appleItunesApp,
    ...(appPages.has(page) ? { jsonLd: mobileApplication(language, image.url) } : {}),
  };
}

/** One element of the head: its attributes, or its text for `<title>` and the JSON-LD script. */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta' | 'link'; attributes: Readonly<Record<string, string>> }
  | { tag: 'script'; attributes: Readonly<Record<string, string>>; text: string };

/**
 * JSON for a `<script>` element. `<`, `>` and `&` become \u escapes (the same JSON to a
 * parser), so no text, whatever the product name, can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The head's elements, in the order they are written. */
export function headTags(head: PageHead): HeadTag[] {
  const meta = (key: 'name' | 'property', name: string, content: string | number): HeadTag => ({
    tag: 'meta',
    attributes: { [key]: name, content: String(content) },
  });
  const { openGraph: og, twitter } = head;
  return [
    { tag: 'title', text: head.title },
    meta('name', 'description', head.description),
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    ...(head.canonical ? [{ tag: 'link', attributes: { rel: 'canonical', href: head.canonical } } as const] : []),
    ...head.alternates.map(
      ({ hreflang, href }) => ({ tag: 'link', attributes: { rel: 'alternate', hreflang, href } }) as const,
    ),
    meta('property', 'og:type', og.type),
    meta('property', 'og:site_name', og.siteName),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    ...(og.url ? [meta('property', 'og:url', og.url)] : []),
    meta('property', 'og:locale', og.locale),
    ...og.alternateLocales.map((locale) => meta('property', 'og:locale:alternate', locale)),
    meta('property', 'og:image', og.image.url),
    meta('property', 'og:image:type', og.image.type),
    meta('property', 'og:image:width', og.image.width),
    meta('property', 'og:image:height', og.image.height),
    meta('property', 'og:image:alt', og.image.alt),
    meta('name', 'twitter:card', twitter.card),
    meta('name', 'twitter:title', twitter.title),
    meta('name', 'twitter:description', twitter.description),
    meta('name', 'twitter:image', twitter.image),
    meta('name', 'twitter:image:alt', twitter.imageAlt),
    meta('name', 'apple-itunes-app', head.appleItunesApp),
    ...(head.jsonLd
      ? [{ tag: 'script', attributes: { type: 'application/ld+json' }, text: scriptJson(head.jsonLd) } as const]
      : []),
  ];
}
