// The codes this browser has already carried out, so that opening the same email link again
// says "already used" (Firebase answers a spent code exactly like a made-up one). Only spent
// codes are kept, which open nothing any more; a browser that refuses storage keeps none.
import { siteStorage } from '../../config/storage';

const key = siteStorage.usedEmailLinks.name;
const kept = siteStorage.usedEmailLinks.entries;

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function wasUsedHere(code: string): boolean {
  return read().includes(code);
}

export function rememberUsed(code: string): void {
  try {
    localStorage.setItem(key, JSON.stringify([code, ...read().filter((item) => item !== code)].slice(0, kept)));
  } catch {
    // Private browsing without storage: the next visit gets the "not valid" message instead.
  }
}
