// Google's script loader for browsers that Playwright does not drive (Firefox ESR, WebKitGTK),
// on a machine without internet: an HTTPS proxy that answers only https://apis.google.com,
// from a local TLS server with a certificate made for the run (the browsers are told to accept
// it), serving the stand-ins of the loader and of the module it fetches (google-loader.ts).
// Every other host the proxy refuses, as the offline network would. See google-loader.ts for
// why the loader is needed at all.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { googleLoaderUrl, googleStandInFor } from './google-loader.ts';

const googleHost = new URL(googleLoaderUrl).host;

export type OfflineGoogle = {
  /** The proxy, `127.0.0.1:<port>`, for HTTPS only. */
  proxy: string;
  /** How many times the loader and its module were served (a check that the browser came through the proxy). */
  served: () => number;
  close: () => Promise<void>;
};

/** A key and a certificate for the loader's host, valid for a day (openssl, which Debian has). */
function certificateFor(host: string): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'offline-google-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });

export async function startOfflineGoogle(): Promise<OfflineGoogle> {
  let served = 0;
  const tls = createHttpsServer(certificateFor(googleHost), (request, response) => {
    const body =
      request.method === 'GET' ? googleStandInFor(new URL(request.url ?? '/', googleLoaderUrl).href) : undefined;
    if (body !== undefined) {
      served++;
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
    } else {
      response.writeHead(404).end();
    }
  });
  const tlsPort = await listen(tls);

  const sockets = new Set<Socket>();
  const proxy = createServer((_request, response) => {
    response.writeHead(403).end();
  });
  proxy.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (request.url !== `${googleHost}:443`) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(tlsPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  const proxyPort = await listen(proxy);

  return {
    proxy: `127.0.0.1:${String(proxyPort)}`,
    served: () => served,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([proxy, tls].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
