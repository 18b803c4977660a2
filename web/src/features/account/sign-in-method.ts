// How a member signs in on the Account page. Pure, with no Firebase import: the page's own
// script names the methods without loading Auth.

export const signInProviders = ['google', 'apple'] as const;
export type SignInProvider = (typeof signInProviders)[number];
export type SignInMethod = SignInProvider | 'password';
