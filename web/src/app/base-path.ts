import type { Language } from '../config/languages';
import { languagePrefixes } from '../config/paths';

/** The router base of a language's own addresses: '' for English, `/it` for Italian. */
export function basePath(language: Language): string {
  return language === 'en' ? '' : languagePrefixes[language];
}

/** The base a browser path sits under: `/it/features` → `/it`; `/features`, `/italy` → ''. */
export function baseOf(pathname: string): string {
  const prefix = Object.values(languagePrefixes).find(
    (candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`),
  );
  return prefix ?? '';
}

/** The same page under another base: `/it/features` from '/it' to '' is `/features`. */
export function rebase(pathname: string, from: string, to: string): string {
  const rest = from && pathname.startsWith(from) ? pathname.slice(from.length) : pathname;
  const page = rest === '' ? '/' : rest;
  if (!to) return page;
  return page === '/' ? to : `${to}${page}`;
}

/** Replaces the address bar's path (keeping query and fragment) for the new base. */
export function switchBase(from: string, to: string) {
  const { pathname, search, hash } = window.location;
  history.replaceState(history.state, '', `${rebase(pathname, from, to)}${search}${hash}`);
}

/** The language whose own addresses live under `base`, or undefined for ''. */
export function languageOfBase(base: string): Language | undefined {
  return (Object.keys(languagePrefixes) as Array<keyof typeof languagePrefixes>).find(
    (language) => languagePrefixes[language] === base,
  );
}

/**
 * The link to the home page under the current language prefix: `/it`, not `/it/` (which
 * Hosting would redirect). wouter treats a `~` target as absolute.
 */
export function homeHref(base: string): string {
  return base ? `~${base}` : '/';
}
