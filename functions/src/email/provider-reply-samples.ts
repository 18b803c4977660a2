// Test data, not part of the upload (tsconfig.build.json leaves out *-samples.ts): replies the
// mail providers give, at the step of the SMTP session where they give them, and whose failure
// each is (send-failures.ts, `failureScope`): the account's (once a check of our own fails too,
// the message is held until the account works again, smtp-account.ts), the message's (it ends in
// ERROR, after the usual tries for a 4xx), or a limit on connections at once (`busy`: tried
// again later, nothing marked). The unit tests classify each as nodemailer reports it; the emulator
// tests make a real SMTP server answer each and follow the message through the pipeline.
// The words are the providers' as documented and seen in their replies; only the codes and
// the step matter to the pipeline.

/** Where in the session the server answers: to the connection (greeting), the login, MAIL FROM, RCPT TO, or the message. */
export type SessionStep = 'CONN' | 'AUTH' | 'MAIL FROM' | 'RCPT TO' | 'DATA';

export type ProviderReply = {
  /** What the reply means, in a few words. */
  what: string;
  step: SessionStep;
  /** The SMTP reply code and the text after it (its enhanced status first). */
  code: number;
  text: string;
  /** The account's (proven by a check of our own), the message's, or a limit on connections at once. */
  scope: 'account' | 'message' | 'busy';
};

const reply = (
  scope: ProviderReply['scope'],
  what: string,
  step: SessionStep,
  code: number,
  text: string,
): ProviderReply => ({ what, step, code, text, scope });

export const providerReplies: Record<string, ProviderReply[]> = {
  'Gmail and Workspace': [
    reply('account', 'a password refused', 'AUTH', 535, '5.7.8 Username and Password not accepted.'),
    reply('account', 'an app password required', 'AUTH', 534, '5.7.9 Application-specific password required.'),
    reply('account', 'a sign-in with a browser first', 'AUTH', 534, '5.7.14 Please log in with your web browser.'),
    reply('account', 'too many logins', 'AUTH', 454, '4.7.0 Too many login attempts, please try again later.'),
    reply('account', 'mail without a login', 'MAIL FROM', 530, '5.7.0 Authentication Required.'),
    reply('account', 'a server that sheds load', 'CONN', 421, '4.7.0 Try again later, closing connection.'),
    reply(
      'account',
      'a support address that does not exist',
      'RCPT TO',
      550,
      '5.1.1 The email account that you tried to reach does not exist.',
    ),
    reply('message', 'a message too large', 'DATA', 552, "5.3.4 Your message exceeded Google's message size limits."),
    reply(
      'message',
      'an attachment blocked',
      'DATA',
      552,
      '5.7.0 This message was blocked because its content presents a potential security issue.',
    ),
    reply(
      'message',
      'a message taken for spam',
      'DATA',
      550,
      '5.7.1 Our system has detected that this message is likely unsolicited mail.',
    ),
    reply('message', 'a message refused for now', 'DATA', 451, '4.3.0 Mail server temporarily rejected message.'),
    reply(
      'account',
      'a sending address without reverse DNS',
      'DATA',
      550,
      '5.7.25 The IP address sending this message does not have a PTR record setup.',
    ),
    reply(
      'account',
      "the sender's domain failing DMARC",
      'DATA',
      550,
      "5.7.26 Unauthenticated email from example.com is not accepted due to domain's DMARC policy.",
    ),
    reply('account', 'a temporary system problem', 'DATA', 451, '4.7.0 Temporary System Problem. Try again later.'),
    reply(
      'busy',
      'too many connections at once',
      'CONN',
      421,
      '4.7.0 Too many concurrent SMTP connections from this IP.',
    ),
  ],
  'Microsoft 365': [
    reply('account', 'a password refused', 'AUTH', 535, '5.7.3 Authentication unsuccessful'),
    reply(
      'account',
      'SMTP AUTH turned off',
      'AUTH',
      535,
      '5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant.',
    ),
    reply('account', 'a client not authenticated', 'MAIL FROM', 530, '5.7.57 Client not authenticated to send mail.'),
    reply(
      'account',
      'a sender it may not send as',
      'DATA',
      554,
      '5.2.252 SendAsDenied; 550 5.7.60 SMTP; Client does not have permissions to send as this sender',
    ),
    reply(
      'account',
      'traffic from the address refused',
      'DATA',
      550,
      '5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.',
    ),
    reply('account', 'a service busy', 'DATA', 421, '4.3.2 Service not available, closing transmission channel'),
    reply(
      'account',
      'a support address unknown',
      'RCPT TO',
      550,
      '5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    ),
    reply('message', 'a message too large', 'DATA', 552, '5.3.4 Message size exceeds fixed maximum message size'),
    reply(
      'message',
      'content it cannot read',
      'DATA',
      554,
      '5.6.211 Invalid MIME Content: Single text value size (32784) exceeded allowed maximum (32768)',
    ),
    reply('message', 'a message taken for spam', 'DATA', 550, '5.7.1 Message rejected as spam by Content Filtering.'),
    reply(
      'account',
      "a sending domain that fails the tenant's authentication",
      'DATA',
      550,
      '5.7.515 Access denied, sending domain example.com does not meet the required authentication level.',
    ),
    reply('busy', 'the sender thread limit', 'DATA', 432, '4.3.2 STOREDRV.ClientSubmit; sender thread limit exceeded'),
  ],
  'a plain SMTP relay (Postfix, Exim)': [
    reply('account', 'a password refused', 'AUTH', 535, '5.7.8 Error: authentication failed: authentication failure'),
    reply('account', 'relaying denied', 'RCPT TO', 554, '5.7.1 <support@example.com>: Relay access denied'),
    reply('account', 'a server out of service', 'CONN', 554, '5.3.2 Service currently unavailable'),
    reply('account', 'a server full', 'DATA', 452, '4.3.1 Insufficient system storage'),
    reply('message', 'a message too large, said up front', 'MAIL FROM', 552, '5.3.4 Message size exceeds fixed limit'),
    reply('message', 'content refused', 'DATA', 554, '5.7.1 Rejected by content filter'),
    reply('message', 'a message refused for now', 'DATA', 451, '4.7.1 Please try again later (greylisted)'),
    reply(
      'account',
      'the sending address on a block list',
      'DATA',
      554,
      '5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org',
    ),
    reply('busy', 'too many connections', 'CONN', 421, '4.7.0 mail.example.com Error: too many connections'),
  ],
};
