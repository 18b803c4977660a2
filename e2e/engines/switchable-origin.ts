// The site through an origin of its own that the check can cut off: a forwarding server in front
// of the Hosting emulator. Cut, it drops every connection at once, as a phone that lost its
// signal does; the site's service worker (its scope is this origin) then answers from its copy.
// The engines' drivers have no way of their own to take a browser offline (WebKitGTK's
// WebDriver has none), so the network is cut where every engine meets it.
import { createServer, request } from 'node:http';
import type { Socket } from 'node:net';

export type SwitchableOrigin = {
  /** `http://127.0.0.1:<port>`: the site, while it is not cut. */
  origin: string;
  /** Drops every connection and refuses the next ones. */
  cut(): void;
  close(): Promise<void>;
};

export async function switchableOrigin(target: string): Promise<SwitchableOrigin> {
  const { hostname, port } = new URL(target);
  let cut = false;
  const sockets = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      { host: hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => incoming.socket.destroy());
    incoming.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    if (cut) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${String(listening)}`,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
