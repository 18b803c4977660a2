import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocumentData } from 'firebase-admin/firestore';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SMTPServerAuthentication } from 'smtp-server';
import { PromptSMTPServer } from '../../../scripts/lib/prompt-smtp-server.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig, SmtpAuth } from '../../../functions/src/config.ts';
import { accountRef } from '../../../functions/src/email/smtp-account.ts';
import { deliverMail } from '../../../functions/src/contact-pipeline/deliver.ts';
import { defaultRetentionMonths } from '../../../functions/src/contact-pipeline/retention.ts';
import { closeTransport } from '../../../functions/src/email/transport.ts';
import { site } from '../../../web/src/config/site.ts';
import { mailFrom } from '../../support/emulators.ts';
import { mailHarness, token } from '../../support/mail-harness.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';

// The SMTP login with OAuth2 (SMTP_AUTH=oauth2), end to end on loopback: the delivery code
// itself (as in mail-delivery.test.ts, with the Functions emulator's triggers off) against
// the Firestore emulator, a real SMTP server that accepts only AUTH XOAUTH2, and a token
// endpoint that exchanges a refresh token for access tokens as Google's and Microsoft's do.
// Also the password login against a server that accepts only AUTH PLAIN.

const mailbox = 'support-sender@example.com';
const client = { id: 'test-client.apps.example', secret: 'client-secret-8c1f' };
const refreshToken = 'refresh-token-2b7d9e';
const wrongRefreshToken = 'refresh-token-revoked-41aa';
const scope = 'https://outlook.office.com/SMTP.Send offline_access';
const password = 'plain-password-5e3c';

/** A refresh-token grant the token endpoint received (its form fields). */
type TokenRequest = Record<string, string>;

/**
 * A token endpoint for the refresh_token grant: a known client with the known refresh token
 * gets a new access token, anything else a 400 invalid_grant (or invalid_client), as RFC 6749
 * has it. `issueAccepted` false: it issues tokens the SMTP server does not accept.
 */
const tokens = {
  requests: [] as TokenRequest[],
  issued: [] as string[],
  /** Access tokens the SMTP server accepts. */
  accepted: new Set<string>(),
  issueAccepted: true,
  server: undefined as HttpServer | undefined,
  url: '',
};

async function startTokenEndpoint(): Promise<void> {
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      tokens.requests.push(form);
      const answer = (status: number, body: Record<string, unknown>) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/token' || form.grant_type !== 'refresh_token') {
        answer(400, { error: 'unsupported_grant_type' });
      } else if (form.client_id !== client.id || form.client_secret !== client.secret) {
        answer(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      } else if (form.refresh_token !== refreshToken) {
        answer(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      } else {
        const accessToken = `access-${String(tokens.issued.length + 1)}-${Math.random().toString(36).slice(2, 10)}`;
        tokens.issued.push(accessToken);
        if (tokens.issueAccepted) tokens.accepted.add(accessToken);
        answer(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: form.scope ?? '' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tokens.server = server;
  tokens.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/token`;
}

/** A real SMTP server on loopback that takes mail only after a login with the given method. */
type LoginServer = {
  port: number;
  messages: ParsedMail[];
  /** Every login tried, as the server saw it. */
  logins: SMTPServerAuthentication[];
  close(): Promise<void>;
};

async function startLoginServer(
  method: 'XOAUTH2' | 'PLAIN',
  accept: (auth: SMTPServerAuthentication) => boolean,
): Promise<LoginServer> {
  const messages: ParsedMail[] = [];
  const logins: SMTPServerAuthentication[] = [];
  const server = new PromptSMTPServer({
    authMethods: [method],
    authOptional: false, // no mail without a login
    allowInsecureAuth: true, // plain TCP on loopback
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ ...auth });
      if (accept(auth)) {
        callback(null, { user: auth.username });
      } else if (auth.method === 'XOAUTH2') {
        // How an XOAUTH2 server says no: a 334 challenge with the error status, after
        // which the client's empty line is answered 535 (RFC 7628, as Gmail does it).
        callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    logins,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

let xoauth2Server: LoginServer;
let plainServer: LoginServer;

function configWith(port: number, auth: SmtpAuth): MailConfig {
  return {
    smtp: { host: '127.0.0.1', port, secure: false, auth },
    from: mailFrom,
    supportEmail: site.supportEmail,
    limits: { perSenderPerHour: 1000, perHour: 100_000, perDay: 0 },
    retentionMonths: defaultRetentionMonths,
  };
}

const oauth2 = (changes: Partial<Extract<SmtpAuth, { method: 'oauth2' }>> = {}): MailConfig =>
  configWith(xoauth2Server.port, {
    method: 'oauth2',
    user: mailbox,
    clientId: client.id,
    clientSecret: client.secret,
    refreshToken,
    tokenUrl: tokens.url,
    scope,
    ...changes,
  });

// Nothing of this file stays for another file's sweep to find, nor its failures' warnings for
// another file's next email to carry.
const harness = mailHarness({ inbox: false, atEnd: ({ deleteWritten }) => deleteWritten() });
const { db, deliveryOf, write } = harness;

beforeAll(async () => {
  await startTokenEndpoint();
  xoauth2Server = await startLoginServer(
    'XOAUTH2',
    (auth) => auth.username === mailbox && tokens.accepted.has(auth.accessToken ?? ''),
  );
  plainServer = await startLoginServer('PLAIN', (auth) => auth.username === mailbox && auth.password === password);
});
afterAll(async () => {
  await Promise.all([xoauth2Server.close(), plainServer.close()]);
  await new Promise((resolve) => tokens.server?.close(resolve));
});
beforeEach(async () => {
  // Each case logs in afresh: no pooled connection or cached access token carries over, and
  // no case finds the mail account down because an earlier one's login was refused.
  closeTransport();
  tokens.issueAccepted = true;
  await accountRef(db).delete();
});

const arrived = (server: LoginServer, id: string) => server.messages.filter((mail) => mail.subject?.includes(id));

/** No secret of the configuration in `text`: the client secret and the refresh tokens. */
function expectNoSecrets(text: string) {
  for (const secret of [client.secret, refreshToken, wrongRefreshToken, password]) expect(text).not.toContain(secret);
}

describe('SMTP login with OAuth2 (XOAUTH2)', () => {
  it('sends with an access token got for the refresh token, as the configured mailbox', async () => {
    const id = token();
    const requestsBefore = tokens.requests.length;
    const loginsBefore = xoauth2Server.logins.length;

    expect(await deliverMail(await write(id), oauth2())).toBe('SUCCESS');

    const delivery = await deliveryOf(id);
    expect(delivery).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });
    expect(delivery.info).toMatchObject({ accepted: [site.supportEmail], rejected: [] });
    expect(arrived(xoauth2Server, id)).toHaveLength(1);

    // The endpoint got the refresh_token grant with the client, and the scope (Microsoft 365).
    const requests = tokens.requests.slice(requestsBefore);
    expect(requests).toEqual([
      {
        grant_type: 'refresh_token',
        client_id: client.id,
        client_secret: client.secret,
        refresh_token: refreshToken,
        scope,
      },
    ]);
    // The SMTP server saw the mailbox and the very token the endpoint issued.
    const logins = xoauth2Server.logins.slice(loginsBefore);
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ method: 'XOAUTH2', username: mailbox, accessToken: tokens.issued.at(-1) });
  });

  it('sends no scope when none is configured (Google)', async () => {
    const id = token();
    const requestsBefore = tokens.requests.length;
    expect(await deliverMail(await write(id), oauth2({ scope: '' }))).toBe('SUCCESS');
    expect(arrived(xoauth2Server, id)).toHaveLength(1);
    expect(tokens.requests.slice(requestsBefore)).toEqual([
      { grant_type: 'refresh_token', client_id: client.id, client_secret: client.secret, refresh_token: refreshToken },
    ]);
  });

  // A refused or expired grant is the account's failure, not the message's: the message is
  // held (smtp-account.ts), never ended, and goes out once the account works again.
  const heldFor = (delivery: DocumentData) => {
    expect(delivery).toMatchObject({ state: 'RETRY', attempts: 0, waitsFor: 'account', leaseExpireTime: null });
    return (delivery.error as string).replace(/^held: the mail account fails \((.*)\)$/, '$1');
  };

  it('holds the message at once when the token endpoint refuses the refresh token, and says so without secrets', async () => {
    const id = token();
    const loginsBefore = xoauth2Server.logins.length;

    expect(await deliverMail(await write(id), oauth2({ refreshToken: wrongRefreshToken }))).toBe('HELD');

    const error = heldFor(await deliveryOf(id));
    expect(error).toMatch(/^the OAuth2 token endpoint refused to issue an access token: invalid_grant/);
    expectNoSecrets(error);
    // The SMTP server was never asked, and nothing was sent.
    expect(xoauth2Server.logins.slice(loginsBefore)).toEqual([]);
    expect(arrived(xoauth2Server, id)).toEqual([]);
  });

  it('holds the message at once when the token endpoint refuses the client', async () => {
    const id = token();
    expect(await deliverMail(await write(id), oauth2({ clientSecret: 'not-the-secret' }))).toBe('HELD');
    const error = heldFor(await deliveryOf(id));
    expect(error).toMatch(/^the OAuth2 token endpoint refused to issue an access token: invalid_client/);
    expectNoSecrets(error);
  });

  it('holds the message, with no endless logins, when the SMTP server refuses the access token', async () => {
    tokens.issueAccepted = false;
    const id = token();
    const requestsBefore = tokens.requests.length;
    const loginsBefore = xoauth2Server.logins.length;

    expect(await deliverMail(await write(id), oauth2())).toBe('HELD');

    const error = heldFor(await deliveryOf(id));
    expect(error).toMatch(/^the SMTP server refused the OAuth2 access token: .*\b535\b/);
    expectNoSecrets(error);
    expect(arrived(xoauth2Server, id)).toEqual([]);
    // nodemailer renews a refused token once, then gives up: two tokens, two logins.
    const issued = tokens.issued.slice(-2);
    expect(tokens.requests.length - requestsBefore).toBe(2);
    expect(xoauth2Server.logins.slice(loginsBefore).map(({ accessToken }) => accessToken)).toEqual(issued);
  });

  it('holds the message when the token endpoint cannot be reached', async () => {
    const id = token();
    // A port nothing listens on: the connection to the endpoint is refused.
    const closed = await freePort();
    const config = oauth2({ tokenUrl: `http://127.0.0.1:${String(closed)}/token` });

    expect(await deliverMail(await write(id), config, { retryDelaysMs: [] })).toBe('HELD');

    const error = heldFor(await deliveryOf(id));
    expect(error).toMatch(/^the OAuth2 token endpoint could not be reached: .*ECONNREFUSED/);
    expectNoSecrets(error);
  });
});

describe('SMTP login with a password', () => {
  it('still sends through a server that takes only AUTH PLAIN', async () => {
    const id = token();
    const config = configWith(plainServer.port, { method: 'password', user: mailbox, password });
    expect(await deliverMail(await write(id), config)).toBe('SUCCESS');
    expect(await deliveryOf(id)).toMatchObject({ state: 'SUCCESS', attempts: 1, error: null });
    expect(arrived(plainServer, id)).toHaveLength(1);
    expect(plainServer.logins.at(-1)).toMatchObject({ method: 'PLAIN', username: mailbox });
  });

  it('holds the message at once on a wrong password, and the next message without trying the login again', async () => {
    const id = token();
    const config = configWith(plainServer.port, { method: 'password', user: mailbox, password: 'wrong-password' });
    expect(await deliverMail(await write(id), config)).toBe('HELD');
    const delivery = await deliveryOf(id);
    expect(delivery).toMatchObject({ state: 'RETRY', attempts: 0, waitsFor: 'account' });
    expect(delivery.error).toMatch(/^held: the mail account fails \(Invalid login: 535/);
    expect(delivery.error).not.toContain('wrong-password');
    const loginsBefore = plainServer.logins.length;
    const next = token();
    expect(await deliverMail(await write(next), config)).toBe('HELD');
    expect(plainServer.logins.length).toBe(loginsBefore);
  });
});
