import { isHelpArticleId } from '../../config/help';
import { helpArticlePath, paths } from '../../config/paths';
import { withdrawalAnchor } from '../../config/plan-features';
import { site } from '../../config/site';

/** Where a help text's link goes: a page of the site (routed in the browser), or elsewhere. */
export type LinkTarget = { page: string } | { href: string };

/**
 * Where the link tag of a help text goes: a page of the site by its route name, another
 * article by its id, the terms' section on withdrawal (`withdrawal`), a store's listing, the
 * support address (`mail`) or the data-protection address (`privacyMail`). Any other tag is a
 * mistake in the texts and throws (a unit test reads every text).
 */
export function linkTarget(tag: string): LinkTarget {
  if (Object.hasOwn(paths, tag)) return { page: paths[tag as keyof typeof paths] };
  if (isHelpArticleId(tag)) return { page: helpArticlePath(tag) };
  // The terms' section on withdrawal, with its model form.
  if (tag === 'withdrawal') return { page: `${paths.terms}#${withdrawalAnchor}` };
  if (tag === 'googlePlay' || tag === 'appStore') return { href: site.stores[tag] };
  if (tag === 'mail') return { href: `mailto:${site.supportEmail}` };
  // Requests about personal data (rights) go to the one address the privacy policy gives.
  if (tag === 'privacyMail') return { href: `mailto:${site.company.dataProtectionEmail}` };
  throw new Error(
    `A help text links to "${tag}", which is no page, article, "withdrawal", store, "mail" or "privacyMail".`,
  );
}
