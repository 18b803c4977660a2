// A real SMTP server on loopback that takes mail only after a password login (`mailbox` and
// `password`), for the emulator tests of the mail account: it keeps what it takes, and the test
// sets how it behaves (refuses the login, answers a step of the session with a reply, drops the
// connection, stalls, limits the sessions at once), and can stop it and start it again.
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SMTPServer } from 'smtp-server';
import { PromptSMTPServer } from '../../scripts/lib/prompt-smtp-server.ts';
import type { SessionStep } from '../../functions/src/email/provider-reply-samples.ts';

export const mailbox = 'support-sender@example.com';
export const password = 'app-password-7d41';

/**
 * What the server does: take mail, refuse every login, answer one step with a reply, or drop
 * the connection at one step without a reply (as a server that crashes or a network that fails
 * does; at DATA once the message is in, which it does not keep); answer only the message whose
 * subject holds `marker` (with a reply at the end of DATA, or by stalling `ms` before it takes
 * it, as a slow content filter does); or take at most `connections` sessions at once, answering
 * a message over them `432 4.3.2` (Microsoft 365's limit on an account's connections).
 */
export type Behaviour =
  | { kind: 'accept' }
  | { kind: 'refuse-login' }
  | { kind: 'reply'; step: SessionStep; code: number; text: string }
  | { kind: 'drop'; step: SessionStep }
  | { kind: 'refuse-one'; marker: string; code: number; text: string }
  | { kind: 'stall-one'; marker: string; ms: number }
  | { kind: 'limit'; connections: number };

export type AccountServer = {
  port: number;
  messages: ParsedMail[];
  /** The envelope's recipients (RCPT TO) of each message taken, in the order of `messages`. */
  recipients: string[][];
  /** The clock at each login tried. */
  logins: number[];
  /** Sessions open at once, at most, since the last `behave`; and the 432 replies given. */
  widest: () => number;
  busyReplies: () => number;
  behave(next: Behaviour): void;
  /** Stops listening (connections are refused) until `start` is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
};

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** Starts the server on a free port; `clock` (Date.now unless given) is what `logins` records. */
export async function startAccountServer(options: { clock?: () => number } = {}): Promise<AccountServer> {
  const clock = options.clock ?? Date.now;
  const messages: ParsedMail[] = [];
  const recipients: string[][] = [];
  const logins: number[] = [];
  let behaviour: Behaviour = { kind: 'accept' };
  let open = 0;
  let widest = 0;
  let busyReplies = 0;
  // The sockets open, by the client's port: smtp-server hands its handlers the session only.
  const sockets = new Map<number, Socket>();
  const replyAt = (step: SessionStep) =>
    behaviour.kind === 'reply' && behaviour.step === step ? refusal(behaviour.code, behaviour.text) : null;
  /** Ends the session's connection without a word if the behaviour drops it at `step`; whether it did. */
  const droppedAt = (step: SessionStep, session: { remotePort: number }) => {
    if (behaviour.kind !== 'drop' || behaviour.step !== step) return false;
    // The handler's callback is never called: nothing more is written to the client.
    sockets.get(session.remotePort)?.destroy();
    return true;
  };
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = async () => {
    const current = new PromptSMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 250,
      onConnect(session, callback) {
        open += 1;
        widest = Math.max(widest, open);
        if (droppedAt('CONN', session)) return;
        callback(replyAt('CONN'));
      },
      onClose() {
        open -= 1;
      },
      onAuth(auth, session, callback) {
        logins.push(clock());
        if (droppedAt('AUTH', session)) return;
        const refused =
          behaviour.kind === 'refuse-login'
            ? refusal(535, '5.7.8 Username and Password not accepted.')
            : (replyAt('AUTH') ??
              (auth.username === mailbox && auth.password === password ? null : refusal(535, '5.7.8 Bad credentials')));
        if (refused) callback(refused);
        else callback(null, { user: auth.username });
      },
      onMailFrom(_address, session, callback) {
        if (droppedAt('MAIL FROM', session)) return;
        callback(replyAt('MAIL FROM'));
      },
      onRcptTo(_address, session, callback) {
        if (droppedAt('RCPT TO', session)) return;
        callback(replyAt('RCPT TO'));
      },
      onData(stream, session, callback) {
        simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true })
          .then((parsed) => {
            if (droppedAt('DATA', session)) return;
            const current = behaviour;
            const mine =
              'marker' in current &&
              ((parsed.subject?.includes(current.marker) ?? false) || (parsed.text?.includes(current.marker) ?? false));
            const refused =
              replyAt('DATA') ??
              (current.kind === 'refuse-one' && mine ? refusal(current.code, current.text) : null) ??
              (current.kind === 'limit' && open > current.connections
                ? refusal(432, '4.3.2 STOREDRV.ClientSubmit; sender thread limit exceeded')
                : null);
            if (refused) {
              if (refused.responseCode === 432) busyReplies += 1;
              callback(refused);
              return;
            }
            const take = () => {
              messages.push(parsed);
              recipients.push(session.envelope.rcptTo.map(({ address }) => address));
              callback();
            };
            // Taken after the stall, whether or not the client waited for the answer.
            if (current.kind === 'stall-one' && mine) setTimeout(take, current.ms);
            else take();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      },
    });
    current.server.on('connection', (socket: Socket) => {
      const client = socket.remotePort;
      if (client === undefined) return;
      sockets.set(client, socket);
      socket.once('close', () => {
        if (sockets.get(client) === socket) sockets.delete(client);
      });
    });
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        resolve();
      });
    });
    port = (current.server.address() as AddressInfo).port;
    server = current;
  };
  await listen();
  return {
    port,
    messages,
    recipients,
    logins,
    widest: () => widest,
    busyReplies: () => busyReplies,
    behave(next) {
      behaviour = next;
      widest = open;
      busyReplies = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = undefined;
        if (current) current.close(() => resolve());
        else resolve();
      }),
    start: listen,
  };
}
