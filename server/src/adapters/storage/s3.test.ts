import { readdir } from 'node:fs/promises';
import { kycEndpoints } from '@portico/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultOf, signedInUser } from '../../testing/account.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { startFakeS3 } from '../../testing/fake-s3.js';
import { multipart } from '../../testing/multipart.js';
import { createS3Storage } from './s3.js';

const KEYS = { accessKeyId: 'portico-test', secretAccessKey: 'portico-test-secret' };

describe('files in an S3-compatible store (issue 28 point 6)', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'portico', accessKeyId: KEYS.accessKeyId });
  });
  afterAll(() => s3.close());

  it('puts, reads and removes public and private objects apart, through the real SDK', async () => {
    const store = createS3Storage({
      bucket: 'portico',
      endpoint: s3.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: KEYS,
    });
    const name = await store.put(Buffer.from('%PDF-1.4 x'), 'pdf', 'private');
    expect(name).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(s3.objects.get(`private/${name}`)).toMatchObject({ type: 'application/pdf' });
    expect((await store.get(name, 'private'))?.toString()).toBe('%PDF-1.4 x');
    // A private file is not a public one, and a made-up name reads nothing.
    expect(await store.get(name, 'public')).toBeUndefined();
    expect(await store.get('../etc/passwd', 'private')).toBeUndefined();
    await store.remove(name, 'private');
    expect(await store.get(name, 'private')).toBeUndefined();
    const wrong = createS3Storage({
      bucket: 'portico',
      endpoint: s3.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { ...KEYS, accessKeyId: 'intruder' },
    });
    await expect(wrong.put(Buffer.from('x'), 'png')).rejects.toThrow();
  });

  describe('the app on S3', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        S3_BUCKET: 'portico',
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      });
    });
    afterAll(() => t.close());

    it('keeps an ID image in the bucket (not on disk) and serves it through its signed URL', async () => {
      const person = await signedInUser(t, { email: 's3-kyc@example.com' });
      const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
        .png()
        .toBuffer();
      const body = multipart(image, 'id.png', 'image/png');
      const uploaded = resultOf<{ url: string }>(
        await t.app.inject({
          method: 'POST',
          url: kycEndpoints.upload.path,
          headers: { host: 'localhost:3000', authorization: `Bearer ${person.tokens.access_token}`, ...body.headers },
          payload: body.payload,
        }),
      );
      const name = new URL(uploaded.url).pathname.split('/').pop()!;
      expect(s3.objects.get(`private/${name}`)?.body.equals(image)).toBe(true);
      expect(await readdir(t.deps.config.dataDir)).not.toContain('private');
      const served = await t.app.inject({ url: uploaded.url.replace('http://localhost:3000', '') });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(image)).toBe(true);
    });
  });
});
