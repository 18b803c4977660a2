// A real SMTP server on loopback that takes mail only after a password login (`mailbox` and
// `password`), for the emulator tests of the mail account: it keeps what it takes, and the test
// sets how it behaves (refuses the login, answers a step of the session with a reply, drops the
// connection, stalls, limits the sessions at once), and can stop it and start it again.
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { SMTPServer, SMTPServerAuthentication, SMTPServerSession } from 'smtp-server';
import { PromptSMTPServer } from '../../scripts/lib/prompt-smtp-server.ts';
import { closeServer, listenOn } from '../../scripts/lib/smtp-inbox.ts';
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

/** What the server has taken and how it behaves now: its handlers and the test's controls share it. */
type State = Pick<AccountServer, 'messages' | 'recipients' | 'logins'> & {
  clock: () => number;
  behaviour: Behaviour;
  /** Sessions open now; the most at once and the 432 replies given since the last `behave`. */
  open: number;
  widest: number;
  busyReplies: number;
  /** The sockets open, by the client's port: smtp-server hands its handlers the session only. */
  sockets: Map<number, Socket>;
};

/** The reply the behaviour gives at `step`, if it answers that step with one. */
function replyAt({ behaviour }: State, step: SessionStep): (Error & { responseCode: number }) | null {
  return behaviour.kind === 'reply' && behaviour.step === step ? refusal(behaviour.code, behaviour.text) : null;
}

/** Ends the session's connection without a word if the behaviour drops it at `step`; whether it did. */
function droppedAt(state: State, step: SessionStep, session: { remotePort: number }): boolean {
  if (state.behaviour.kind !== 'drop' || state.behaviour.step !== step) return false;
  // The handler's callback is never called: nothing more is written to the client.
  state.sockets.get(session.remotePort)?.destroy();
  return true;
}

/** Why a login is refused, if it is: every login is, a reply at AUTH, or credentials not the account's. */
function loginRefusal(state: State, auth: SMTPServerAuthentication): Error | null {
  if (state.behaviour.kind === 'refuse-login') return refusal(535, '5.7.8 Username and Password not accepted.');
  return (
    replyAt(state, 'AUTH') ??
    (auth.username === mailbox && auth.password === password ? null : refusal(535, '5.7.8 Bad credentials'))
  );
}

/** Whether the message is the one the behaviour singles out by its marker. */
const isMarked = (behaviour: Behaviour, parsed: ParsedMail) =>
  'marker' in behaviour &&
  ((parsed.subject?.includes(behaviour.marker) ?? false) || (parsed.text?.includes(behaviour.marker) ?? false));

/** The reply a message gets instead of being taken, if any: at DATA, the marked one's, or one over the limit. */
function messageRefusal(state: State, current: Behaviour, mine: boolean): (Error & { responseCode: number }) | null {
  return (
    replyAt(state, 'DATA') ??
    (current.kind === 'refuse-one' && mine ? refusal(current.code, current.text) : null) ??
    (current.kind === 'limit' && state.open > current.connections
      ? refusal(432, '4.3.2 STOREDRV.ClientSubmit; sender thread limit exceeded')
      : null)
  );
}

/** Takes a message or answers it with a refusal, as the behaviour says. */
function answerMessage(
  state: State,
  parsed: ParsedMail,
  session: SMTPServerSession,
  callback: (error?: Error | null) => void,
): void {
  if (droppedAt(state, 'DATA', session)) return;
  const current = state.behaviour;
  const mine = isMarked(current, parsed);
  const refused = messageRefusal(state, current, mine);
  if (refused) {
    if (refused.responseCode === 432) state.busyReplies += 1;
    callback(refused);
    return;
  }
  const take = () => {
    state.messages.push(parsed);
    state.recipients.push(session.envelope.rcptTo.map(({ address }) => address));
    callback();
  };
  // Taken after the stall, whether or not the client waited for the answer.
  if (current.kind === 'stall-one' && mine) setTimeout(take, current.ms);
  else take();
}

/** Keeps each socket open under its client's port, for `droppedAt`. */
function trackSockets(server: SMTPServer, sockets: Map<number, Socket>): void {
  server.server.on('connection', (socket: Socket) => {
    const client = socket.remotePort;
    if (client === undefined) return;
    sockets.set(client, socket);
    socket.once('close', () => {
      if (sockets.get(client) === socket) sockets.delete(client);
    });
  });
}

/** A server whose every step of a session does as the state's behaviour says, counting into it. */
function accountServer(state: State): SMTPServer {
  const server = new PromptSMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 250,
    onConnect(session, callback) {
      state.open += 1;
      state.widest = Math.max(state.widest, state.open);
      if (droppedAt(state, 'CONN', session)) return;
      callback(replyAt(state, 'CONN'));
    },
    onClose() {
      state.open -= 1;
    },
    onAuth(auth, session, callback) {
      state.logins.push(state.clock());
      if (droppedAt(state, 'AUTH', session)) return;
      const refused = loginRefusal(state, auth);
      if (refused) callback(refused);
      else callback(null, { user: auth.username });
    },
    onMailFrom(_address, session, callback) {
      if (droppedAt(state, 'MAIL FROM', session)) return;
      callback(replyAt(state, 'MAIL FROM'));
    },
    onRcptTo(_address, session, callback) {
      if (droppedAt(state, 'RCPT TO', session)) return;
      callback(replyAt(state, 'RCPT TO'));
    },
    onData(stream, session, callback) {
      simpleParser(stream, { skipHtmlToText: true, skipTextToHtml: true })
        .then((parsed) => {
          answerMessage(state, parsed, session, callback);
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  trackSockets(server, state.sockets);
  return server;
}

/** Starts the server on a free port; `clock` (Date.now unless given) is what `logins` records. */
export async function startAccountServer(options: { clock?: () => number } = {}): Promise<AccountServer> {
  const state: State = {
    clock: options.clock ?? Date.now,
    behaviour: { kind: 'accept' },
    messages: [],
    recipients: [],
    logins: [],
    open: 0,
    widest: 0,
    busyReplies: 0,
    sockets: new Map(),
  };
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = async () => {
    const current = accountServer(state);
    await listenOn(current, port, '127.0.0.1');
    port = (current.server.address() as AddressInfo).port;
    server = current;
  };
  await listen();
  return {
    port,
    messages: state.messages,
    recipients: state.recipients,
    logins: state.logins,
    widest: () => state.widest,
    busyReplies: () => state.busyReplies,
    behave(next) {
      state.behaviour = next;
      state.widest = state.open;
      state.busyReplies = 0;
    },
    stop: () => {
      const current = server;
      server = undefined;
      return closeServer(current);
    },
    start: listen,
  };
}
