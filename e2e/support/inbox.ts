// The SMTP inbox of the browser tests: a real SMTP server (scripts/lib/smtp-inbox.ts) on the port
// functions/.env.local sends to, started once for the whole run by the global setup. The
// tests run in worker processes, so the global setup also answers what the inbox holds as
// JSON over HTTP on loopback, and `receivedMail` reads it from there.

/** Where the Functions emulator delivers (functions/.env.local). */
export { smtpPort } from '../../scripts/lib/project.ts';
/** The inbox's JSON view for the tests (the port `npm start` gives maildev's web inbox). */
export const inboxPort = 1080;

export type ReceivedMail = {
  to: string[];
  replyTo: string;
  subject: string;
  /** The email it answers, and its thread's Message-IDs (threads.ts, a known problem's root). */
  inReplyTo: string;
  references: string[];
  html: string;
  text: string;
  /** Each attached file as it arrived: its name, its type, its bytes in base64. */
  attachments: Array<{ filename: string; contentType: string; contentDisposition: string; base64: string }>;
};

/** Every message the inbox has accepted so far. */
export async function receivedMail(): Promise<ReceivedMail[]> {
  const response = await fetch(`http://127.0.0.1:${inboxPort}/messages`);
  if (!response.ok) throw new Error(`The test inbox answered HTTP ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}
