import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { ConfigError } from '../config/env.js';

/** The file holding the pid of the process that has an embedded database's directory open: beside it (PGlite wants the directory its own). */
export const lockFileOf = (dir: string) => `${dir.replace(/[/\\]+$/, '')}.lock`;

/** Whether a process of that id runs (signal 0 checks without sending; EPERM: it runs as someone else). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes an embedded database's directory for this process: PGlite is one process's database, and
 * a second opener of the same files (the command line beside the running server, a second server,
 * a second open in this process) would corrupt them. Refused with a ConfigError naming the holder
 * while it runs; a lock left by a process that died is taken over. Answers the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dir);
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written whole, then linked into place: the lock never exists without its pid in it.
    const draft = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(draft, mine);
    try {
      await link(draft, file);
      return async () => {
        if ((await readFile(file, 'utf8').catch(() => '')) === mine) await rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const seen = (await readFile(file, 'utf8').catch(() => '')).trim();
      const holder = Number(seen);
      // Held by a process that runs, this one included (a second open here would corrupt it as well).
      if (!Number.isInteger(holder) || holder <= 0 || alive(holder))
        throw new ConfigError(
          `Invalid configuration:\n  DATA_DIR: the embedded database in ${dir} is open in process ${seen || 'unknown'}; stop it first (or use DATABASE_URL)`,
        );
      // Left by a process that died: taken over, unless another process took it over meanwhile.
      if ((await readFile(file, 'utf8').catch(() => '')).trim() === seen) await rm(file, { force: true });
    } finally {
      await rm(draft, { force: true });
    }
  }
  throw new ConfigError(`Invalid configuration:\n  DATA_DIR: cannot take ${file}`);
}
