import { createServer } from 'node:net';

/**
 * A loopback port nothing listened on a moment ago: for an emulator or a driver started next,
 * or, left alone, a server out of reach (its connections are refused).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}
