import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type FileArea, type FileStorage, STORED_NAME } from './port.js';

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** The content type an object is stored with, by the stored extension (the bytes were checked at upload). */
const CONTENT_TYPE: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * Files in an S3-compatible bucket (issue 28 point 6): `uploads/<name>` for public files,
 * `private/<name>` for private ones, every object private to the bucket's owner either way (the
 * portal serves them: /uploads, and /files through signed URLs). Several copies share them.
 */
export function createS3Storage(opts: S3Options): FileStorage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    // Checksums only where the operation needs one: S3-compatible stores differ on the optional ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (name: string, area: FileArea) => `${area === 'private' ? 'private' : 'uploads'}/${name}`;
  return {
    kind: 's3',
    async put(data, extension, area = 'public') {
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: keyOf(name, area),
          Body: data,
          ContentType: CONTENT_TYPE[extension] ?? 'application/octet-stream',
        }),
      );
      return name;
    },
    async get(name, area = 'public') {
      if (!STORED_NAME.test(name)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: keyOf(name, area) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404))
          return undefined;
        throw err;
      }
    },
    async remove(name, area = 'public') {
      if (!STORED_NAME.test(name)) return;
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: keyOf(name, area) }));
    },
  };
}
