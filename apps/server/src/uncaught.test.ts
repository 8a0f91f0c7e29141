import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { uncaughtVerdict } from './uncaught';

/** A real `read ECONNRESET`: a client whose peer resets the connection (as a cut database does). */
async function realConnectionReset(): Promise<Error> {
  const server = net.createServer((socket) => socket.resetAndDestroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  try {
    return await new Promise<Error>((resolve) => {
      const client = net.connect(port, '127.0.0.1');
      client.on('error', resolve);
      client.on('connect', () => client.write('hello'));
    });
  } finally {
    server.close();
  }
}

describe('what the process does with an error nobody caught', () => {
  it('carries on when a lost database connection failed a promise nobody awaited', async () => {
    const reset = await realConnectionReset();
    expect((reset as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(uncaughtVerdict(reset, 'unhandledRejection')).toBe('carry-on');
  });

  it('ends the process for the same error thrown (not a rejection), and for anything else', async () => {
    const reset = await realConnectionReset();
    expect(uncaughtVerdict(reset, 'uncaughtException')).toBe('fatal');
    expect(uncaughtVerdict(new Error('boom'), 'unhandledRejection')).toBe('fatal');
    expect(uncaughtVerdict(new TypeError("Cannot read properties of undefined (reading 'x')"), 'uncaughtException')).toBe('fatal');
  });
});
