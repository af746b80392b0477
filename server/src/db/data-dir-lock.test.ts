import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { lockDataDir, lockFileOf } from './data-dir-lock.js';

describe('the embedded database directory, one process at a time', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'portico-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses a directory another running process holds, and takes over one a dead process left', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(lockFileOf(dir), String(other.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(`open in process ${other.pid}`);
      // The command line (or a second server) opening the database is refused before it touches the files.
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow('stop it first');
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const release = await lockDataDir(dir);
    expect(await readFile(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    await release();
    await expect(readFile(lockFileOf(dir), 'utf8')).rejects.toThrow();
  });

  it('holds the directory while the database is open, and lets it go on close', async () => {
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    expect(await readFile(lockFileOf(path.join(dir, 'pglite')), 'utf8')).toBe(String(process.pid));
    // A second open, even in this process, would write the same files: refused.
    await expect(lockDataDir(path.join(dir, 'pglite'))).rejects.toThrow('stop it first');
    await database.close();
    await expect(readFile(lockFileOf(path.join(dir, 'pglite')), 'utf8')).rejects.toThrow();
  }, 60_000);
});
