import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Inbox = {
  messages: ParsedMail[];
  /** Raw envelope recipients per message, as the SMTP client gave them (RCPT TO). */
  recipients: string[][];
  close(): Promise<void>;
};

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startInbox(port: number): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const recipients: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          recipients.push(session.envelope.rcptTo.map(({ address }) => address));
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  return {
    messages,
    recipients,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
