// A real SMTP server on loopback for the tests and the mail benchmark: it keeps what it
// receives, and can refuse, delay or stop like a real server. How it starts and stops serves
// the tests' other SMTP servers too (tests/support/account-server.ts).
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

/** What the inbox has kept and how it answers now: each server it starts reads and adds to it. */
type Mailbox = Pick<Inbox, 'messages' | 'recipients' | 'acceptedAt'> & {
  decide: ((mail: ParsedMail) => Rejection | undefined) | undefined;
  delayMs: number;
};

/** An SMTP server listening on the port, answering each message as the mailbox says and keeping it there. */
async function listenFor(box: Mailbox, port: number, listenHost: string): Promise<SMTPServer> {
  const server = new PromptSMTPServer({
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
          if (box.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, box.delayMs));
          const rejection = box.decide?.(parsed);
          if (rejection) {
            callback(Object.assign(new Error(rejection.text), { responseCode: rejection.code }));
            return;
          }
          box.messages.push(parsed);
          box.recipients.push(session.envelope.rcptTo.map(({ address }) => address));
          box.acceptedAt.push(Date.now());
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await listenOn(server, port, listenHost);
  return server;
}

/** Starts an SMTP server listening; rejects when it cannot (the port taken, say). */
export function listenOn(server: SMTPServer, port: number, listenHost: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, listenHost, () => {
      resolve();
    });
  });
}

/** Stops an SMTP server, if there is one, once its connections are closed. */
export function closeServer(server: SMTPServer | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server) {
      resolve();
      return;
    }
    server.close(() => {
      resolve();
    });
  });
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startInbox(port: number, listenHost = '127.0.0.1'): Promise<Inbox> {
  const box: Mailbox = { messages: [], recipients: [], acceptedAt: [], decide: undefined, delayMs: 0 };
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = await listenFor(box, port, listenHost);
  };
  const stop = () => {
    const current = server;
    server = undefined;
    return closeServer(current);
  };

  await listen();
  return {
    messages: box.messages,
    recipients: box.recipients,
    acceptedAt: box.acceptedAt,
    rejectWhen(next) {
      box.decide = next;
    },
    delayReplies(ms) {
      box.delayMs = ms;
    },
    stop,
    start: listen,
    close: stop,
  };
}
