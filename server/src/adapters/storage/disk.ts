import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type FileArea, type FileStorage, STORED_NAME } from './port.js';

/**
 * Files in folders under random names: DATA_DIR/uploads for public files, DATA_DIR/private for
 * private ones (apart, so that no route serving the one can reach the other). Only names of the
 * stored shape are read or removed.
 */
export function createDiskStorage(folders: Record<FileArea, string>): FileStorage {
  const pathOf = (name: string, area: FileArea) =>
    STORED_NAME.test(name) ? path.join(folders[area], name) : undefined;
  return {
    kind: 'disk',
    async put(data, extension, area = 'public') {
      await mkdir(folders[area], { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await writeFile(path.join(folders[area], name), data, { flag: 'wx' });
      return name;
    },
    async get(name, area = 'public') {
      const file = pathOf(name, area);
      if (!file) return undefined;
      try {
        return await readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(name, area = 'public') {
      const file = pathOf(name, area);
      if (file) await rm(file, { force: true });
    },
  };
}
