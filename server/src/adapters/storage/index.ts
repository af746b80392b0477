import path from 'node:path';
import type { Config } from '../../config/env.js';
import { createDiskStorage } from './disk.js';
import type { FileStorage } from './port.js';
import { createS3Storage } from './s3.js';

export type { FileArea, FileStorage } from './port.js';
export { STORED_NAME } from './port.js';

/**
 * Files go to an S3-compatible bucket when S3_BUCKET is set (server/src/adapters/storage/s3.ts:
 * every copy shares them), else to DATA_DIR/uploads (public) and DATA_DIR/private.
 */
export function createFileStorage(
  config: Pick<
    Config,
    | 'dataDir'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): FileStorage {
  if (config.S3_BUCKET)
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
        : {}),
    });
  return createDiskStorage({
    public: path.join(config.dataDir, 'uploads'),
    private: path.join(config.dataDir, 'private'),
  });
}
