import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FileStorage, STORED_NAME } from './port.js';

/** Files in a folder (DATA_DIR/uploads by default), under random names. */
export function createDiskStorage(folder: string): FileStorage {
  const pathOf = (name: string) => {
    if (!STORED_NAME.test(name)) return undefined;
    return path.join(folder, name);
  };
  return {
    kind: 'disk',
    async put(data, extension) {
      await mkdir(folder, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(folder, name), data, { flag: 'wx' });
      return name;
    },
    async get(name) {
      const file = pathOf(name);
      if (!file) return undefined;
      try {
        return await readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(name) {
      const file = pathOf(name);
      if (file) await rm(file, { force: true });
    },
  };
}
