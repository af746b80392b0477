import { readFile, rm, writeFile } from 'node:fs/promises';
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
 * a second one writing the same files (the command line beside the running server, a second
 * server) would corrupt them. Refused with a ConfigError naming the holder while it runs; a lock
 * left by a process that died is taken over. Answers the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        if ((await readFile(file, 'utf8').catch(() => '')) === String(process.pid)) await rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
        throw new ConfigError(
          `Invalid configuration:\n  DATA_DIR: the embedded database in ${dir} is open in process ${holder}; stop it first (or use DATABASE_URL)`,
        );
      await rm(file, { force: true });
    }
  }
  throw new ConfigError(`Invalid configuration:\n  DATA_DIR: cannot take ${file}`);
}
