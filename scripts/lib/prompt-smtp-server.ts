import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection.js';

// smtp-server waits 100 ms of real time after each connection before its greeting, to catch
// clients that talk before they are greeted (a spam bot's habit; smtp-connection.js, init()).
// The local inbox and the tests' SMTP servers are talked to by nodemailer alone, which always
// waits for the greeting, and some tests open hundreds of connections on a simulated clock (a
// weekend of refused logins: 250 connections, 25 s of the test's 49 spent waiting). This server
// greets as soon as the connection is set up; everything else is smtp-server's own.

/** An SMTPServer that greets each connection at once, without the early-talker pause. */
export class PromptSMTPServer extends SMTPServer {
  override connect(socket: Socket | TLSSocket, socketOptions?: SMTPConnectionOptions | null): void {
    const connection = new SMTPConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on('error', (error: Error) => {
      this._onError(error);
    });
    connection.on('connect', (data: Parameters<SMTPServer['_onClientConnect']>[0]) => {
      this._onClientConnect(data);
    });
    // What init() does, but for its timer: the listeners, then the greeting.
    connection._setListeners(() => {
      if (this.options.maxClients && this.connections.size > this.options.maxClients) {
        connection.send(421, `${connection.name} Too many connected clients, try again in a moment`, false);
        return;
      }
      connection.connectionReady();
    });
  }
}
