/** A multipart/form-data body with one file field, for app.inject (an upload endpoint's test). */
export function multipart(data: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = '----portico-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
