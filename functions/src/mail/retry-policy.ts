// When a failed send is tried again, and when it is given up. One invocation of the trigger
// tries a message up to three times within a few seconds (most SMTP hiccups are that short);
// a message still failing then waits in state RETRY for the scheduled sweep, with the wait
// doubling from 5 minutes up to 2 hours, until maxAttempts tries in all have failed.

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
   * The mail account's sending quota is spent (Gmail and Workspace: `550 5.4.5 Daily user
   * sending limit exceeded`; Microsoft 365: `554 5.2.0 …SubmissionQuotaExceededException`):
   * nothing is wrong with the message, so it waits until the quota frees up instead of ending
   * in ERROR, however the server words the code.
   */
  quota: boolean;
  /** One line for `delivery.error`: the error's message (SMTP replies include their code). */
  message: string;
  /** Codes only, for the logs: never the message, which may quote the mail. */
  code: string | null;
  responseCode: number | null;
};

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
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
    command?: unknown;
    message?: unknown;
  };
  const text = typeof fields.message === 'string' ? fields.message : String(error);
  const code = typeof fields.code === 'string' ? fields.code : null;
  const responseCode = typeof fields.responseCode === 'number' ? fields.responseCode : null;
  const oauthRefused = code === oauthRefusedCode || fields.originalCode === oauthRefusedCode;
  let transient: boolean;
  if (responseCode !== null && responseCode >= 400 && responseCode < 600) {
    transient = responseCode < 500;
  } else if (oauthRefused) {
    // The token endpoint answered, and said no: a refused or revoked refresh token or
    // client, which no retry mends.
    transient = false;
  } else {
    transient = (code !== null && transientCodes.has(code)) || transientMessage.test(text);
  }
  const step =
    fields.command === xoauth2Command || oauthRefused ? oauthStep(responseCode, oauthRefused, transient) : null;
  const message = singleLineMessage(step ? `${step}: ${text}` : text);
  const quota = responseCode !== null && responseCode >= 400 && quotaMessage.test(text);
  return { transient: transient || quota, quota, message, code, responseCode };
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
