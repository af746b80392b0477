import path from 'node:path';
import { createDiskStorage } from './disk.js';
import type { FileStorage } from './port.js';

export type { FileArea, FileStorage } from './port.js';
export { STORED_NAME } from './port.js';

/**
 * Public uploads go to DATA_DIR/uploads, private ones to DATA_DIR/private (an S3-compatible store,
 * issue 28 point 6, is not built yet: several copies must share DATA_DIR until then).
 */
export const createFileStorage = (opts: { dataDir: string }): FileStorage =>
  createDiskStorage({ public: path.join(opts.dataDir, 'uploads'), private: path.join(opts.dataDir, 'private') });
