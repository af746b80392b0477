import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An object the fake holds: its bytes and content type. */
type Stored = { body: Buffer; type: string };

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A local S3-compatible store for tests (path style: /<bucket>/<key>): PUT, GET and DELETE of
 * objects, kept in memory. It refuses a request not signed (AWS Signature V4 header) with the
 * access key it was given, and answers NoSuchKey as S3 does, so the real SDK talks to it as to S3.
 */
export async function startFakeS3(opts: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, Stored>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucket, ...rest] = decodeURIComponent(url.pathname).split('/');
    const key = rest.join('/');
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/`)) {
      res.writeHead(403, { 'content-type': 'application/xml' }).end(xmlError('InvalidAccessKeyId', 'unknown key'));
      return;
    }
    if (bucket !== opts.bucket || !key) {
      res.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchBucket', 'no such bucket'));
      return;
    }
    if (req.method === 'PUT') {
      objects.set(key, {
        body: await bodyOf(req),
        type: String(req.headers['content-type'] ?? 'application/octet-stream'),
      });
      res.writeHead(200, { etag: '"fake"' }).end();
    } else if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) res.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchKey', 'no such key'));
      else res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
