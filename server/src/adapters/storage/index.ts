import path from 'node:path';
import { createDiskStorage } from './disk.js';
import type { FileStorage } from './port.js';

export type { FileStorage } from './port.js';
export { STORED_NAME } from './port.js';

/** Uploads go to DATA_DIR/uploads (an S3-compatible store can come later behind the same port). */
export const createFileStorage = (opts: { dataDir: string }): FileStorage =>
  createDiskStorage(path.join(opts.dataDir, 'uploads'));
