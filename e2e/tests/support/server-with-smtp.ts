import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

/**
 * A server of its own for a spec that reads the email it sends (the shared one has no SMTP): the built server
 * on a fresh demo database, SMTP_URL pointing at an SMTP server in the test process, PUBLIC_BASE_URL its own
 * address (customer links are built from it).
 */
export interface ServerWithSmtp {
  baseURL: string;
  /** Every message received, raw, in order. */
  received: string[];
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

export async function startServerWithSmtp(name: string, port: number): Promise<ServerWithSmtp> {
  const baseURL = `http://127.0.0.1:${port}`;
  const received: string[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const dataDir = path.join(repoRoot, '.tmp', `e2e-${name}-${Date.now()}`);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const server: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_BASE_URL: baseURL,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) process.kill(server.pid, 'SIGTERM');
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} e2e server did not start`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseURL, received, stop };
}

/** The text of a raw message with quoted-printable soft line breaks joined. */
export const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
