// When a failed send is tried again, and when it is given up. One invocation of the trigger
// tries a message up to three times within a few seconds (most SMTP hiccups are that short);
// a message still failing then waits in state RETRY for the scheduled sweep, with the wait
// doubling from 5 minutes up to 2 hours, until maxAttempts tries in all have failed.

/**
 * The field the transport (transport.ts) sets on a send error: whether the server had asked for the message
 * (`354`, after DATA) in the session that failed. nodemailer reports a connection closed at the
 * login, at the envelope or after the message alike ("Connection closed unexpectedly", command
 * CONN); only after a 354 may the message have reached the server (send-failures.ts).
 */
export const messageAsked = 'messageAsked';

/** Waits `ms` milliseconds: the pause between tries, unless a test passes its own. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Tries in all (in the trigger and in later sweeps) before a message ends in ERROR. */
export const maxAttempts = 10;

/** Pauses between the tries within one invocation: three tries over about 4 s. */
export const quickRetryDelaysMs: readonly number[] = [1_000, 3_000];

/**
 * Pauses before the outcome of a sent email is written again when the database refused it:
 * the email is never sent again for that, and its SUCCESS gets about 12 s to be recorded.
 */
export const recordRetryDelaysMs: readonly number[] = [250, 1_000, 3_000, 8_000];

const firstDeferredDelayMs = 5 * 60_000;
const longestDeferredDelayMs = 2 * 60 * 60_000;

/**
 * How long a message that has failed `attempts` times waits in RETRY before the sweep tries
 * it again: 5 min after the quick tries, then 10, 20, 40, 80 and at most 120 min.
 */
export function retryDelayMs(attempts: number): number {
  const deferred = Math.max(0, attempts - (quickRetryDelaysMs.length + 1));
  return Math.min(firstDeferredDelayMs * 2 ** deferred, longestDeferredDelayMs);
}

/** What went wrong with one send, and whether trying again may help. */
export type SendFailure = {
  transient: boolean;
  /**
   * The SMTP account's sending quota is spent (Gmail and Workspace: `550 5.4.5 Daily user
   * sending limit exceeded`; Microsoft 365: `554 5.2.0 …SubmissionQuotaExceededException`):
   * nothing is wrong with the message, so it waits until the quota frees up instead of ending
   * in ERROR, however the server words the code.
   */
  quota: boolean;
  /**
   * Whether it is the SMTP account's or its server's failure rather than this message's (a
   * refused login, a server unreachable, timing out or refusing service, a sender or recipient
   * address it will not take: every message would meet it). Such a failure never ends a
   * message: it waits, held, until the account works again (smtp-account.ts). See `failureScope`.
   */
  account: boolean;
  /**
   * Where in the SMTP session it failed: the connection and the login (`login`), the sender or
   * the recipient of the envelope, or the message itself (a reply to it, or no answer once it
   * may have been on its way). What proves an account failure follows from it (smtp-account-check.ts).
   */
  stage: SessionStage;
  /**
   * The connection was open and the server gave no answer (a time-out, a connection dropped):
   * the message may have reached it. It is never tried again within the invocation, its next
   * email says it may be a repeat, and a second such silence ends it (decide.ts).
   */
  unanswered: boolean;
  /**
   * The provider's limit on connections (or sending threads) at once: the sending slows down
   * (the message is tried again after a pause, as any transient failure) and nothing is marked.
   */
  busy: boolean;
  /** One line for `delivery.error`: the error's message (SMTP replies include their code). */
  message: string;
  /** Codes only, for the logs: never the message, which may quote the mail. */
  code: string | null;
  responseCode: number | null;
};

/** Where in the SMTP session a send failed. */
export type SessionStage = 'login' | 'sender' | 'recipient' | 'message';

// Failures of the connection itself, as nodemailer (code) or Node (errno names) report them.
const transientCodes = new Set([
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// A reply that says the account's sending quota or rate is spent: the enhanced status 4.4.5 /
// 5.4.5 ("insufficient system storage", which Google uses for its daily limit), or the words
// the large providers use.
const quotaMessage =
  /\b[45]\.4\.5\b|sending (?:limit|quota)|quota exceeded|QuotaExceeded|daily (?:user )?(?:sending )?limit|too many (?:messages|emails) (?:sent|today)/i;
const transientMessage =
  /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|timed? ?out|timeout)\b/i;

// An XOAUTH2 login fails in one of two steps. nodemailer first asks the token endpoint for
// an access token: when that fails the error has code EAUTH, command 'AUTH XOAUTH2' and no
// SMTP reply, and `originalCode` says why (EOAUTH2: the endpoint answered with an OAuth2
// error such as invalid_grant; EFETCH: the request itself failed). Then the SMTP server
// checks the token: a refusal is an SMTP reply (535) like a refused password.
const xoauth2Command = 'AUTH XOAUTH2';
const oauthRefusedCode = 'EOAUTH2';

/**
 * Sorts a send error: an SMTP reply 4xx (try later) or a broken, refused or timed-out
 * connection is transient; a 5xx reply (the server refuses for good) and anything
 * unexpected is permanent, so a message never loops on an error that cannot go away. A reply
 * that says the sending quota is spent is `quota` (and transient), whatever its first digit.
 */
export function classifySendError(error: unknown): SendFailure {
  const fields = errorFields(error);
  const { text, code, command, responseCode } = fields;
  const oauthRefused = code === oauthRefusedCode || fields.originalCode === oauthRefusedCode;
  const transient = isTransient(code, responseCode, oauthRefused, text);
  const step = command === xoauth2Command || oauthRefused ? oauthStep(responseCode, oauthRefused, transient) : null;
  const message = singleLineMessage(step ? `${step}: ${text}` : text);
  const { quota, busy, account, unanswered } = whose(fields);
  return {
    transient: transient || quota || busy,
    quota,
    account,
    stage: unanswered ? 'message' : stageOf(code, command, responseCode),
    unanswered,
    busy,
    message,
    code,
    responseCode,
  };
}

/**
 * A wait rather than a failure (the quota spent, the server busy), the SMTP account's failure,
 * and whether the email may have reached the server (no answer once the connection carried it).
 */
function whose(fields: ReturnType<typeof errorFields>) {
  const { text, code, originalCode, command, responseCode } = fields;
  const replied = responseCode !== null;
  const quota = replied && responseCode >= 400 && quotaMessage.test(text);
  const busy = !quota && replied && responseCode < 500 && busyReply(responseCode, text);
  const account = !quota && !busy && failureScope(fields) === 'account';
  // The transport knows whether the server had asked for the message in the session that
  // failed (transport.ts, `messageAsked`): when it had not, nothing of the message was on its way.
  const unanswered =
    account && !replied && fields.messageAsked !== false && !beforeAnything(code, originalCode, command, text);
  return { quota, busy, account, unanswered };
}

/** The fields of a send error that classify it, each of its type or null. */
function errorFields(error: unknown) {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const textOr = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    text: textOr(fields.message) ?? String(error),
    code: textOr(fields.code),
    originalCode: textOr(fields.originalCode),
    command: textOr(fields.command),
    responseCode: typeof fields.responseCode === 'number' ? fields.responseCode : null,
    messageAsked: typeof fields[messageAsked] === 'boolean' ? fields[messageAsked] : null,
  };
}

/**
 * Whether trying again may help: a 4xx reply yes, a 5xx no; the token endpoint's refusal (a
 * refused or revoked refresh token or client) no retry mends; else the connection's codes and
 * words.
 */
function isTransient(code: string | null, responseCode: number | null, oauthRefused: boolean, text: string): boolean {
  if (responseCode !== null && responseCode >= 400 && responseCode < 600) return responseCode < 500;
  if (oauthRefused) return false;
  return (code !== null && transientCodes.has(code)) || transientMessage.test(text);
}

/** A command of the session before the message (the connection, the greeting, the login, the envelope). */
const isSessionCommand = (command: string | null) =>
  command !== null && (sessionCommands.has(command) || command.startsWith('AUTH'));

/** The step of the session a failure came at (a failure without a reply: the connection, or nodemailer's objection to the message). */
function stageOf(code: string | null, command: string | null, responseCode: number | null): SessionStage {
  if (command === 'MAIL FROM') return code === 'EMESSAGE' ? 'message' : 'sender';
  if (command === 'RCPT TO' || (command === 'DATA' && code === 'EENVELOPE')) return 'recipient';
  if (isSessionCommand(command)) return 'login';
  const objection = code === 'EMESSAGE' || code === 'ESTREAM';
  return responseCode === null && code !== null && !objection ? 'login' : 'message';
}

// A provider's limit on connections or sending threads at once (Microsoft 365: `432 4.3.2
// STOREDRV.ClientSubmit; sender thread limit exceeded`, `421 4.3.2 The maximum number of
// concurrent connections has exceeded a limit`; Gmail: `421 4.7.0 Too many concurrent SMTP
// connections`; Postfix: `421 4.7.0 Error: too many connections`): the sending is too wide,
// not wrong. 432 is used for nothing else.
const busyWords =
  /\b(?:too many (?:concurrent |simultaneous )?(?:smtp )?(?:connections|sessions)|concurrent connections|(?:sender )?thread limit|connection limit)\b/i;
function busyReply(responseCode: number, text: string): boolean {
  return responseCode === 432 || busyWords.test(text);
}

// Failures that happen before the connection carried anything (no server reached, TLS or the
// OAuth2 token refused, a time-out waiting to connect or for the greeting): nothing of the
// message can have reached the server.
const beforeConnection =
  /\b(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b|^(?:connection timeout|greeting never received)/i;
function beforeAnything(code: string | null, originalCode: string | null, command: string | null, text: string) {
  if (code === 'EDNS' || code === 'ETLS' || code === 'EREQUIRETLS') return true;
  if (command?.startsWith('AUTH') || originalCode === 'EOAUTH2' || originalCode === 'EFETCH') return true;
  return beforeConnection.test(text);
}

// Whose failure it is: the account's (and its server's), or the message's. An SMTP session
// goes connect → greeting → EHLO → STARTTLS → AUTH → MAIL FROM → RCPT TO → DATA → the message
// → its reply. Nothing before the message's own reply has seen the message: the sender (MAIL
// FROM) and the recipient (RCPT TO) are the operator's settings, the same for every message.
// So every failure before the end of DATA is the account's, but for a size the server refuses
// up front (MAIL FROM … SIZE=). The reply to the message itself is the message's (its content,
// its size), unless it says something of the account, its login or the server's state, which
// the providers say with these enhanced status codes (RFC 3463 and the providers' own):
//   any provider      421 (service closing), 530/534/535/538 (authentication), x.3.1 and x.3.2
//                     (the system is full or not accepting mail), x.4.x (network), x.1.x
//                     (an address: the operator's sender or support address), x.7.8 (bad credentials)
//   Gmail, Workspace  x.7.9 (an app password is required), x.7.14 (sign in with a browser first),
//                     x.7.0 "Authentication Required"
//   Microsoft 365     x.7.3 / x.7.57 (not authenticated), x.7.60 (may not send as the sender),
//                     x.7.139 (SMTP AUTH disabled), x.7.705 / x.7.708 / x.7.750 (the tenant or
//                     its address blocked from sending), x.7.64 (relay not allowed for the tenant)
//   a plain relay     x.7.1 when it says relaying is denied (its x.7.1 for spam is the message's)
// and the refusals of the connection that some servers give only at the end of DATA, whatever
// the message says:
//   Gmail             x.7.25 (the sending address has no reverse DNS), x.7.26 and x.7.27 (the
//                     sender's domain fails DMARC or SPF), x.7.28 (an unusual rate from the
//                     address), 451 4.7.0 (a temporary system problem)
//   Microsoft 365     x.7.23 (SPF), x.7.511 and x.7.606 (the sending address banned or
//                     listed), x.7.515 (the sending domain does not meet the required authentication)
//   any provider      a block list that lists the sending address (x.7.1 "blocked using …")
// Each of these only makes the failure a suspect: runner.ts has the account checked with
// no visitor content before it holds anything (smtp-account-check.ts).
// Everything else the server answers to the message (x.6.x content, x.3.4 size, x.7.1 spam or
// policy, x.7.0 a blocked attachment) is the message's. A send that failed without any SMTP
// reply (a connection refused, reset or timed out, a DNS or TLS failure, the OAuth2 token
// endpoint) is the account's; an objection of nodemailer's own to the message (EMESSAGE without
// a reply) or an unexpected error is the message's, so a message never waits on an error no
// account mends.
const sessionCommands = new Set(['CONN', 'EHLO', 'HELO', 'LHLO', 'STARTTLS', 'RSET', 'MAIL FROM', 'RCPT TO']);
const connectionCodes = new Set([...transientCodes, 'ETLS', 'EPROTOCOL', 'EAUTH', 'EREQUIRETLS', 'EOAUTH2', 'EFETCH']);
const accountReplyCodes = new Set([421, 530, 534, 535, 538]);
const accountStatus =
  /\b[45]\.(?:1\.\d{1,3}|3\.[12]|4\.\d{1,3}|7\.(?:3|8|9|14|23|25|26|27|28|57|60|64|139|511|515|606|705|708|750))\b/;
const accountWords =
  /\bauthentication (?:required|unsuccessful|failed)\b|\brelay(?:ing)? (?:access )?(?:denied|not permitted)\b|\b(?:blocked using|block ?list(?:ed)?|black ?list(?:ed)?|spamhaus|spamcop|dnsbl|rbl)\b|\blisted (?:at|on|in|by)\b/i;
const temporarySystemProblem = /\b4\.7\.0\b/;
const sizeStatus = /\b[45]\.3\.4\b/;

/** Whose failure a reply to the message is: the account's when it says so (above), else the message's. */
function replyScope(responseCode: number, text: string): 'account' | 'message' {
  const accounts =
    accountReplyCodes.has(responseCode) ||
    accountStatus.test(text) ||
    accountWords.test(text) ||
    (responseCode === 451 && temporarySystemProblem.test(text));
  return accounts ? 'account' : 'message';
}

/** Whose failure a send error is: the SMTP account's (and its server's), or the message's. */
export function failureScope(error: {
  code: string | null;
  originalCode?: string | null;
  command: string | null;
  responseCode: number | null;
  text: string;
}): 'account' | 'message' {
  const { code, originalCode, command, responseCode, text } = error;
  // nodemailer's own objection to the message (no reply: too large, empty, unreadable).
  if (responseCode === null && (code === 'EMESSAGE' || code === 'ESTREAM')) return 'message';
  if (sizeStatus.test(text)) return 'message';
  if (isSessionCommand(command)) return 'account';
  // The DATA command refused before the message was sent (EENVELOPE; EMESSAGE is the reply to the message).
  if (command === 'DATA' && code === 'EENVELOPE') return 'account';
  if (responseCode !== null) return replyScope(responseCode, text);
  const connection = [code, originalCode ?? null].some((item) => item !== null && connectionCodes.has(item));
  return connection ? 'account' : 'message';
}

/** Which step of an XOAUTH2 login failed, said for `delivery.error`. */
function oauthStep(responseCode: number | null, refused: boolean, transient: boolean): string {
  if (responseCode !== null) {
    return responseCode < 500
      ? 'the SMTP server could not check the OAuth2 access token for now'
      : 'the SMTP server refused the OAuth2 access token';
  }
  if (refused) return 'the OAuth2 token endpoint refused to issue an access token';
  return transient ? 'the OAuth2 token endpoint could not be reached' : 'the OAuth2 token request failed';
}

function singleLineMessage(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim() || 'unknown error';
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}
