import { createServer } from 'node:http';
import { startInbox } from '../../scripts/lib/smtp-inbox.ts';
import { inboxPort, smtpPort, type ReceivedMail } from './inbox.ts';

/** Starts the SMTP inbox and its JSON view for the run; the returned function stops both. */
export default async function globalSetup() {
  const inbox = await startInbox(smtpPort);
  const view = createServer((request, response) => {
    if (request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const messages: ReceivedMail[] = inbox.messages.map((mail) => ({
      to: inbox.recipients[inbox.messages.indexOf(mail)] ?? [],
      replyTo: mail.replyTo?.value.map(({ address }) => address ?? '').join(', ') ?? '',
      subject: mail.subject ?? '',
      inReplyTo: mail.inReplyTo ?? '',
      references: typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []),
      html: typeof mail.html === 'string' ? mail.html : '',
      text: mail.text ?? '',
      attachments: mail.attachments.map((attachment) => ({
        filename: attachment.filename ?? '',
        contentType: attachment.contentType,
        contentDisposition: attachment.contentDisposition ?? '',
        base64: attachment.content.toString('base64'),
      })),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve, reject) => {
    view.once('error', reject);
    view.listen(inboxPort, '127.0.0.1', resolve);
  });
  return async () => {
    view.closeAllConnections();
    await new Promise((resolve) => view.close(resolve));
    await inbox.close();
  };
}
