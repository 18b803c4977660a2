// The Auth emulator's REST API, as the app and Firebase's own servers would use it: create a
// member, have Auth send the account emails, and read the links it would have mailed
// (`/emulator/v1/projects/{id}/oobCodes`). No part of the page under test is replaced.
import { randomUUID } from 'node:crypto';
import { emulator, projectId, webEmulatorEnv } from '../../scripts/lib/project.ts';

const { host, port } = emulator('auth');
const origin = `http://${host}:${String(port)}`;
/** The API key the local build talks to Auth with (any key works against the emulator). */
export const buildApiKey = webEmulatorEnv().VITE_FIREBASE_API_KEY;
const apiKey = buildApiKey;

export type RequestType = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'RECOVER_EMAIL';
export type Member = { email: string; password: string; idToken: string; localId: string };

async function call<T>(method: string, body: object, admin = false): Promise<T> {
  const response = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`accounts:${method}: ${json.error?.message ?? String(response.status)}`);
  return json;
}

/** A new email-and-password member with an address of its own. */
export async function createMember(password = 'first-Password-1'): Promise<Member> {
  const email = `member-${randomUUID()}@example.com`;
  const { idToken, localId } = await call<{ idToken: string; localId: string }>('signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  return { email, password, idToken, localId };
}

/** The sign-in providers the Account page offers besides the password, by Firebase's ids. */
export type ProviderId = 'google.com' | 'apple.com';
export type ProviderMember = { email: string; localId: string; provider: ProviderId; displayName: string };

/**
 * A member who signed up with Google or Apple, as the app would make them: Auth's
 * signInWithIdp with the provider's ID token (the emulator takes its claims unsigned). The
 * emulator's sign-in widget then lists the account under that provider.
 */
export async function createProviderMember(provider: ProviderId): Promise<ProviderMember> {
  const email = `member-${randomUUID()}@example.com`;
  const displayName = `Angler ${email.slice(7, 15)}`;
  const claims = { sub: randomUUID(), email, email_verified: true, name: displayName };
  const { localId } = await call<{ localId: string }>('signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=${provider}`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
  });
  return { email, localId, provider, displayName };
}

/** Whether Auth still has the account. */
export async function exists(localId: string): Promise<boolean> {
  const { users } = await call<{ users?: unknown[] }>('lookup', { localId: [localId] }, true);
  return (users ?? []).length > 0;
}

export async function sendVerificationEmail(member: Member): Promise<void> {
  await call('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: member.idToken });
}

export async function sendPasswordResetEmail(email: string): Promise<void> {
  await call('sendOobCode', { requestType: 'PASSWORD_RESET', email });
}

/** Changes the member's address as the app would; Auth then mails the old one a recovery link. */
export async function changeEmail(member: Member, email: string): Promise<void> {
  await call('update', { idToken: member.idToken, email, returnSecureToken: true });
}

/** The account as the Admin SDK sees it. */
export async function account(localId: string): Promise<{ email: string; emailVerified?: boolean }> {
  const { users } = await call<{ users: Array<{ email: string; emailVerified?: boolean }> }>(
    'lookup',
    { localId: [localId] },
    true,
  );
  const [user] = users;
  if (!user) throw new Error(`No account ${localId}`);
  return user;
}

/** Marks the member's address as verified, as following the verification link would. */
export async function markVerified(member: Member): Promise<void> {
  await call('update', { localId: member.localId, emailVerified: true }, true);
}

/** Whether Auth lets `email` sign in with `password`. */
export async function canSignIn(email: string, password: string): Promise<boolean> {
  try {
    await call('signInWithPassword', { email, password, returnSecureToken: true });
    return true;
  } catch {
    return false;
  }
}

/** The code of the latest email of `requestType` Auth sent to `email`. */
export async function mailedCode(email: string, requestType: RequestType): Promise<string> {
  const response = await fetch(`${origin}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const found = oobCodes.filter((entry) => entry.email === email && entry.requestType === requestType).at(-1);
  if (!found) throw new Error(`Auth sent no ${requestType} email to ${email}`);
  return found.oobCode;
}

/** The link as Firebase writes it into the email, pointing at the site's action page. */
export function actionLink(
  mode: 'verifyEmail' | 'resetPassword' | 'recoverEmail',
  code: string,
  lang: string,
  path = '/email-verification',
): string {
  const query = new URLSearchParams({ mode, oobCode: code, apiKey: 'fake-api-key', lang });
  return `${path}?${query.toString()}`;
}

/** Every request the page makes to Auth goes to this origin in a local build. */
export const authOrigin = origin;
