import { describe, expect, it } from 'vitest';
import { proofOf, tryWith } from './smtp-account.js';
import { providerReplies, type SessionStep } from './provider-reply-samples.js';
import { sendFailure } from './send-failure-samples.js';
import {
  classifySendError,
  failureScope,
  maxAttempts,
  messageAsked,
  quickRetryDelaysMs,
  retryDelayMs,
} from './send-failures.js';

/** An error shaped as nodemailer reports it. */
const smtpError = (
  message: string,
  fields: { code?: string; responseCode?: number; originalCode?: string; command?: string } = {},
) => Object.assign(new Error(message), fields);

/** A failed XOAUTH2 login as nodemailer reports it (smtp-connection wraps the token step's error). */
const oauthError = (message: string, fields: { originalCode?: string; responseCode?: number } = {}) =>
  smtpError(message, { code: 'EAUTH', command: 'AUTH XOAUTH2', ...fields });

describe('classifySendError', () => {
  it.each([
    ['at the login', false, { unanswered: false, stage: 'login' }],
    ['at the envelope', false, { unanswered: false, stage: 'login' }],
    ['once the server asked for the message (354)', true, { unanswered: true, stage: 'message' }],
  ] as const)(
    'a connection closed %s: may the message have arrived is what the transport saw',
    (_, asked, expected) => {
      const error = Object.assign(
        smtpError('Connection closed unexpectedly', { code: 'ECONNECTION', command: 'CONN' }),
        {
          [messageAsked]: asked,
        },
      );
      expect(classifySendError(error)).toMatchObject({ account: true, ...expected });
    },
  );

  it.each([
    ['a refused connection', smtpError('connect ECONNREFUSED 127.0.0.1:1025', { code: 'ESOCKET' })],
    ['a reset connection', smtpError('read ECONNRESET', { code: 'ESOCKET' })],
    ['a connection time-out', smtpError('Connection timeout', { code: 'ETIMEDOUT' })],
    ['a greeting that never came', smtpError('Greeting never received', { code: 'ETIMEDOUT' })],
    ['a DNS failure', smtpError('getaddrinfo EAI_AGAIN smtp.example.com', { code: 'EDNS' })],
    ['a plain Node socket error', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    [
      '421 service not available',
      smtpError('Server closed the connection: 421 busy', { code: 'ECONNECTION', responseCode: 421 }),
    ],
    ['450 mailbox busy', smtpError('Recipient command failed: 450 busy', { code: 'EENVELOPE', responseCode: 450 })],
    ['451 local error', smtpError("Can't send mail: 451 try later", { code: 'EENVELOPE', responseCode: 451 })],
    ['452 out of storage', smtpError('Message failed: 452 full', { code: 'EMESSAGE', responseCode: 452 })],
  ])('retries %s', (_, error) => {
    expect(classifySendError(error)).toMatchObject({ transient: true });
  });

  it.each([
    [
      '550 mailbox unavailable',
      smtpError('all recipients were rejected: 550 no', { code: 'EENVELOPE', responseCode: 550 }),
    ],
    ['552 message too big', smtpError('Message failed: 552 too big', { code: 'EMESSAGE', responseCode: 552 })],
    ['554 rejected as spam', smtpError('Message failed: 554 spam', { code: 'EMESSAGE', responseCode: 554 })],
    ['535 bad credentials', smtpError('Invalid login: 535 bad', { code: 'EAUTH', responseCode: 535 })],
    ['an envelope without recipients', smtpError('No recipients defined', { code: 'EENVELOPE' })],
    ['a programming error', new TypeError('Cannot read properties of undefined')],
    ['something thrown that is not an error', 'boom'],
  ])('gives up at once on %s', (_, error) => {
    expect(classifySendError(error)).toMatchObject({ transient: false });
  });

  it.each([
    ['Gmail', smtpError('Message failed: 550 5.4.5 Daily user sending limit exceeded.', { responseCode: 550 })],
    ['Gmail, temporarily', smtpError('Message failed: 421 4.4.5 Try again later', { responseCode: 421 })],
    [
      'Microsoft 365',
      smtpError(
        'Message failed: 554 5.2.0 STOREDRV.Submission.Exception:SubmissionQuotaExceededException; Failed to process message',
        { responseCode: 554 },
      ),
    ],
    [
      'a server in its own words',
      smtpError('Message failed: 550 Sending quota exceeded for today', { responseCode: 550 }),
    ],
  ])("waits for the quota when %s says the account's sending quota is spent", (_, error) => {
    expect(classifySendError(error)).toMatchObject({ quota: true, transient: true });
  });

  it('is not misled by a quota word in a connection error or a refusal for another reason', () => {
    expect(
      classifySendError(smtpError('connect ECONNREFUSED quota.example.com:25', { code: 'ESOCKET' })),
    ).toMatchObject({
      quota: false,
    });
    expect(
      classifySendError(smtpError('Message failed: 554 5.7.1 Message rejected as spam', { responseCode: 554 })),
    ).toMatchObject({ quota: false, transient: false });
  });

  it.each([
    [
      'a token endpoint that refuses the connection',
      oauthError('connect ECONNREFUSED 127.0.0.1:443', { originalCode: 'EFETCH' }),
      'the OAuth2 token endpoint could not be reached: connect ECONNREFUSED 127.0.0.1:443',
    ],
    [
      'a token endpoint that does not answer in time',
      oauthError('Request Timeout', { originalCode: 'EFETCH' }),
      'the OAuth2 token endpoint could not be reached: Request Timeout',
    ],
    [
      'an SMTP server that cannot check the token for now',
      oauthError('Invalid login: 454 4.7.0 Try again later', { responseCode: 454 }),
      'the SMTP server could not check the OAuth2 access token for now: Invalid login: 454 4.7.0 Try again later',
    ],
  ])('retries %s, saying which step of the OAuth2 login failed', (_, error, message) => {
    expect(classifySendError(error)).toEqual(
      sendFailure({
        transient: true,
        account: true,
        stage: 'login',
        message,
        code: 'EAUTH',
        responseCode: error.responseCode ?? null,
      }),
    );
  });

  it.each([
    [
      'a refresh token the endpoint refuses',
      oauthError('invalid_grant: Bad Request', { originalCode: 'EOAUTH2' }),
      'the OAuth2 token endpoint refused to issue an access token: invalid_grant: Bad Request',
    ],
    [
      'a client the endpoint refuses',
      oauthError('invalid_client: The OAuth client was not found.', { originalCode: 'EOAUTH2' }),
      'the OAuth2 token endpoint refused to issue an access token: invalid_client: The OAuth client was not found.',
    ],
    [
      'an access token the SMTP server refuses',
      oauthError('Invalid login: 535 5.7.8 Username and Password not accepted', { responseCode: 535 }),
      'the SMTP server refused the OAuth2 access token: Invalid login: 535 5.7.8 Username and Password not accepted',
    ],
    [
      'a token endpoint answering what is not JSON',
      oauthError('Unexpected token \'<\', "<html>" is not valid JSON'),
      'the OAuth2 token request failed: Unexpected token \'<\', "<html>" is not valid JSON',
    ],
  ])('gives up at once on %s, saying which step of the OAuth2 login failed', (_, error, message) => {
    expect(classifySendError(error)).toEqual(
      sendFailure({
        transient: false,
        account: true,
        stage: 'login',
        message,
        code: 'EAUTH',
        responseCode: error.responseCode ?? null,
      }),
    );
  });

  it('gives up on a refused token even when the endpoint mentions a time-out', () => {
    const error = smtpError('invalid_grant: Token has been expired or revoked after a timeout', { code: 'EOAUTH2' });
    expect(classifySendError(error)).toMatchObject({
      transient: false,
      message:
        'the OAuth2 token endpoint refused to issue an access token: invalid_grant: Token has been expired or revoked after a timeout',
      code: 'EOAUTH2',
    });
  });

  it('keeps the message on one line and the codes for the logs', () => {
    expect(
      classifySendError(
        smtpError('Message failed:\r\n550 5.7.1\r\n  rejected', { code: 'EMESSAGE', responseCode: 550 }),
      ),
    ).toEqual(sendFailure({ message: 'Message failed: 550 5.7.1 rejected' }));
    expect(classifySendError(new Error('x'.repeat(2000))).message).toHaveLength(500);
  });
});

// Whose failure it is, for the replies each kind of provider gives (provider-reply-samples.ts), as
// nodemailer reports them at each step of the session; then the failures with no reply at all.
const asNodemailerReports: Record<SessionStep, { command: string; code: string; prefix: string }> = {
  CONN: { command: 'CONN', code: 'EPROTOCOL', prefix: 'Invalid greeting. response=' },
  AUTH: { command: 'AUTH PLAIN', code: 'EAUTH', prefix: 'Invalid login: ' },
  'MAIL FROM': { command: 'MAIL FROM', code: 'EENVELOPE', prefix: 'Mail command failed: ' },
  'RCPT TO': { command: 'RCPT TO', code: 'EENVELOPE', prefix: "Can't send mail - all recipients were rejected: " },
  DATA: { command: 'DATA', code: 'EMESSAGE', prefix: 'Message failed: ' },
};

describe.each(Object.entries(providerReplies))('whose failure it is: %s', (_, replies) => {
  it.each(replies.map((reply) => [reply.what, reply.scope, reply] as const))(
    "%s is the %s's",
    (__, scope, { step, code: responseCode, text: words }) => {
      const { command, code, prefix } = asNodemailerReports[step];
      const text = `${prefix}${String(responseCode)} ${words}`;
      const failure = classifySendError(smtpError(text, { command, code, responseCode }));
      if (scope !== 'busy') expect(failureScope({ command, code, responseCode, text })).toBe(scope);
      expect(failure.busy).toBe(scope === 'busy');
      expect(failure.account).toBe(scope === 'account');
      expect(failure.transient).toBe(responseCode < 500);
    },
  );
});

describe('whose failure it is, without a reply', () => {
  it.each([
    ['a server that refuses a connection', 'CONN', 'ESOCKET', 'connect ECONNREFUSED 192.0.2.10:587'],
    ['a server that does not answer', 'CONN', 'ETIMEDOUT', 'Connection timeout'],
    ['a server name that does not resolve', 'CONN', 'EDNS', 'getaddrinfo ENOTFOUND smtp.example.com'],
    [
      'a certificate that does not match',
      'CONN',
      'ETLS',
      "Error initiating TLS - Hostname/IP does not match certificate's altnames",
    ],
    ['a connection lost mid-message', 'API', 'ECONNECTION', 'Connection closed unexpectedly'],
    ['an OAuth2 token endpoint out of reach', 'AUTH XOAUTH2', 'EAUTH', 'connect ECONNREFUSED 127.0.0.1:443'],
  ])("%s is the account's", (_, command, code, text) => {
    expect(classifySendError(smtpError(text, { command, code }))).toMatchObject({ account: true, quota: false });
  });

  it.each([
    ['a message too large for the client', 'MAIL FROM', 'EMESSAGE', 'Message size larger than allowed 10485760'],
    ['a message that could not be read', 'API', 'ESTREAM', 'Unexpected end of stream'],
    ['an unexpected error', undefined, undefined, 'Cannot read properties of undefined'],
  ])("%s is the message's", (_, command, code, text) => {
    expect(classifySendError(smtpError(text, { command, code }))).toMatchObject({ account: false });
  });

  it('a spent quota is neither: it waits for the next day as before', () => {
    const error = smtpError('Message failed: 550 5.4.5 Daily user sending limit exceeded.', {
      command: 'DATA',
      code: 'EMESSAGE',
      responseCode: 550,
    });
    expect(classifySendError(error)).toMatchObject({ quota: true, account: false });
  });
});

describe('what a failure that may be the account’s needs to be proven, and what slows the sending', () => {
  const report = (step: SessionStep, responseCode: number, words: string) => {
    const { command, code, prefix } = asNodemailerReports[step];
    return classifySendError(smtpError(`${prefix}${String(responseCode)} ${words}`, { command, code, responseCode }));
  };

  it('a refusal for good of the session before the message proves itself; one for now, a login of our own', () => {
    const login = report('AUTH', 535, '5.7.8 Username and Password not accepted.');
    expect(login).toMatchObject({ account: true, stage: 'login' });
    expect(proofOf(login)).toBe('itself');
    const recipient = report('RCPT TO', 550, '5.1.1 The email account that you tried to reach does not exist.');
    expect(recipient).toMatchObject({ account: true, stage: 'recipient' });
    expect(proofOf(recipient)).toBe('itself');
    // Tried again later with a message of our own: only a message meets the recipient.
    expect(tryWith(recipient)).toBe('message');
    const tooMany = report('AUTH', 454, '4.7.0 Too many login attempts, please try again later.');
    expect(proofOf(tooMany)).toBe('login');
  });

  it.each([
    ['a service closing at the end of DATA', 421, '4.7.0 Try again later, closing connection'],
    [
      'Gmail: no reverse DNS for the sending address',
      550,
      '5.7.25 The IP address sending this message does not have a PTR record setup',
    ],
    [
      'Gmail: the sender’s domain fails DMARC',
      550,
      "5.7.26 Unauthenticated email from example.com is not accepted due to domain's DMARC policy",
    ],
    ['a block list', 554, '5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org'],
    [
      'Microsoft 365: the sending domain’s authentication',
      550,
      '5.7.515 Access denied, sending domain example.com does not meet the required authentication level',
    ],
    ['Gmail: a temporary system problem', 451, '4.7.0 Temporary System Problem. Try again later.'],
  ])('%s, said at the end of DATA, is a suspect proven only by a message of our own', (_, responseCode, words) => {
    const failure = report('DATA', responseCode, words);
    expect(failure).toMatchObject({ account: true, stage: 'message', unanswered: false });
    expect(proofOf(failure)).toBe('message');
  });

  it.each([
    ['a socket time-out once the connection was open', smtpError('Timeout', { code: 'ETIMEDOUT', command: 'CONN' })],
    [
      'a connection dropped mid-message',
      smtpError('Connection closed unexpectedly', { code: 'ECONNECTION', command: 'API' }),
    ],
    ['a reset connection', smtpError('read ECONNRESET', { code: 'ESOCKET', command: 'CONN' })],
  ])('%s met no answer: the message may have arrived', (_, error) => {
    expect(classifySendError(error)).toMatchObject({ account: true, stage: 'message', unanswered: true });
    expect(proofOf(classifySendError(error))).toBe('message');
  });

  it.each([
    ['a refused connection', smtpError('connect ECONNREFUSED 192.0.2.10:587', { code: 'ESOCKET', command: 'CONN' })],
    ['a connection that never opened', smtpError('Connection timeout', { code: 'ETIMEDOUT', command: 'CONN' })],
    ['a greeting that never came', smtpError('Greeting never received', { code: 'ETIMEDOUT', command: 'CONN' })],
    [
      'a name that does not resolve',
      smtpError('getaddrinfo ENOTFOUND smtp.example.com', { code: 'EDNS', command: 'CONN' }),
    ],
  ])('%s carried nothing: a login proves it', (_, error) => {
    expect(classifySendError(error)).toMatchObject({ account: true, stage: 'login', unanswered: false });
    expect(proofOf(classifySendError(error))).toBe('login');
  });

  it.each([
    [
      'Microsoft 365: the sender thread limit',
      'DATA',
      432,
      '4.3.2 STOREDRV.ClientSubmit; sender thread limit exceeded',
    ],
    [
      'Microsoft 365: concurrent connections',
      'CONN',
      421,
      '4.3.2 The maximum number of concurrent connections has exceeded a limit, closing transmission channel',
    ],
    ['Gmail: concurrent connections', 'CONN', 421, '4.7.0 Too many concurrent SMTP connections from this IP'],
    [
      'Postfix: too many connections',
      'CONN',
      421,
      '4.7.0 mail.example.com Error: too many connections from 203.0.113.5',
    ],
  ] as const)('%s slows the sending and marks nothing', (_, step, responseCode, words) => {
    expect(report(step, responseCode, words)).toMatchObject({
      busy: true,
      account: false,
      transient: true,
      quota: false,
    });
  });
});

describe('the retry schedule', () => {
  it('tries three times within a few seconds in one invocation', () => {
    expect(quickRetryDelaysMs).toEqual([1_000, 3_000]);
  });

  it('then waits 5 minutes, doubling up to 2 hours', () => {
    const minutes = [3, 4, 5, 6, 7, 8, 9].map((attempts) => retryDelayMs(attempts) / 60_000);
    expect(minutes).toEqual([5, 10, 20, 40, 80, 120, 120]);
  });

  it('gives up after a bounded number of attempts spread over hours', () => {
    expect(maxAttempts).toBe(10);
    let waited = 0;
    for (let attempts = quickRetryDelaysMs.length + 1; attempts < maxAttempts; attempts += 1) {
      waited += retryDelayMs(attempts);
    }
    expect(waited / 3_600_000).toBeCloseTo(6.6, 1);
  });
});
