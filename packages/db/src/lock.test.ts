import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './lock';
import { createDb, type Database } from './client';
import { rowsOf } from './sequences';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'icehouse-lock-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  return r.pid!;
}

async function holdInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, path.join(here, '__fixtures__/hold-lock.ts'), dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
  });
  return child;
}

describe('data folder lock', () => {
  it('refuses a second opener in the same process, and frees the folder on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const info = JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(info.pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a folder another live process holds, naming its PID; takes it over once that process died', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    await expect(createDb({ dataDir: dir })).rejects.toThrow(
      new RegExp(
        `Data folder .* is in use by process ${child.pid}.*Stop that process \\(or use another DATA_DIR\\)`,
      ),
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL'); // dies without removing its lock file
    await exited;
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
    const lock = acquireDataDirLock(dir);
    expect(lock.info.pid).toBe(process.pid);
    lock.release();
  });

  it('is released when the holding process exits normally', () => {
    const dir = tempDir();
    const r = spawnSync(
      process.execPath,
      ['--import', tsxLoader, path.join(here, '__fixtures__/hold-lock.ts'), dir, 'exit'],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout).toContain('locked');
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over a lock left by a dead process, or by an earlier process that had our PID', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    writeFileSync(file, JSON.stringify({ pid: deadPid(), startedAt: '2020-01-01T00:00:00Z', nonce: 'old' }));
    const a = acquireDataDirLock(dir);
    a.release();
    writeFileSync(
      file,
      JSON.stringify({ pid: process.pid, startedAt: '2020-01-01T00:00:00Z', nonce: 'old' }),
    );
    const b = acquireDataDirLock(dir);
    expect(b.info.nonce).not.toBe('old');
    b.release();
    writeFileSync(file, 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('refuses a lock file naming a live PID (e.g. our parent)', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.ppid, startedAt: '2020-01-01T00:00:00Z', nonce: 'x' }),
    );
    expect(() => acquireDataDirLock(dir, './data')).toThrow(
      `Data folder ./data is in use by process ${process.ppid}`,
    );
  });

  it('is taken by createDb on a PGlite folder, kept while open and released by close(); data persists', async () => {
    const dir = tempDir();
    let database: Database | undefined = await createDb({ dataDir: dir });
    cleanups.push(() => database?.close());
    expect(database.kind).toBe('pglite');
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
    await expect(createDb({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await database.migrate();
    await database.db.execute(
      sql`insert into number_sequences (name, last_value) values ('door_number', 1234)`,
    );
    await database.close();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);

    database = await createDb({ dataDir: dir });
    const rows = rowsOf<{ last_value: string | number }>(
      await database.db.execute(sql`select last_value from number_sequences`),
    );
    expect(Number(rows[0]?.last_value)).toBe(1234);
    await database.close();
    database = undefined;
  });
});
