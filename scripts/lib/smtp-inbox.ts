// A real SMTP server on loopback for the tests and the mail benchmark: it keeps what it
// receives, and can refuse, delay or stop like a real server.
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SMTPServer } from 'smtp-server';
import { PromptSMTPServer } from './prompt-smtp-server.ts';

/** An SMTP reply code the inbox answers a message with instead of accepting it. */
type Rejection = { code: number; text: string };

export type Inbox = {
  messages: ParsedMail[];
  /** Raw envelope recipients per message, as the SMTP client gave them (RCPT TO). */
  recipients: string[][];
  /** When each message was accepted (Date.now() as the server answered 250). */
  acceptedAt: number[];
  /** Messages for which `decide` returns a reply are refused with it (and not kept). */
  rejectWhen(decide: ((mail: ParsedMail) => Rejection | undefined) | undefined): void;
  /** Holds every message this long before answering (0: answer at once). */
  delayReplies(ms: number): void;
  /** Stops listening (connections are refused) until `start` is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startInbox(port: number, listenHost = '127.0.0.1'): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const recipients: string[][] = [];
  const acceptedAt: number[] = [];
  let decide: ((mail: ParsedMail) => Rejection | undefined) | undefined;
  let server: SMTPServer | undefined;
  let delayMs = 0;

  const listen = async () => {
    const current = new PromptSMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopping ends the connections still open (a sender's pool keeps idle ones until its
      // socket time-out) after this long, instead of waiting for them: 30 s by default.
      closeTimeout: 250,
      onData(stream, session, callback) {
        // The parts as sent: no text made from the html, nor html and links from the text
        // (on a digest of megabytes those conversions take longer than the sender waits).
        simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true })
          .then(async (parsed) => {
            if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
            const rejection = decide?.(parsed);
            if (rejection) {
              callback(Object.assign(new Error(rejection.text), { responseCode: rejection.code }));
              return;
            }
            messages.push(parsed);
            recipients.push(session.envelope.rcptTo.map(({ address }) => address));
            acceptedAt.push(Date.now());
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      },
    });
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, listenHost, () => {
        resolve();
      });
    });
    server = current;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) {
        resolve();
        return;
      }
      current.close(() => {
        resolve();
      });
    });

  await listen();
  return {
    messages,
    recipients,
    acceptedAt,
    rejectWhen(next) {
      decide = next;
    },
    delayReplies(ms) {
      delayMs = ms;
    },
    stop,
    start: listen,
    close: stop,
  };
}
