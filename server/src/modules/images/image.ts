/** The image type of some bytes by their signature (magic bytes), never by file name. */
export function imageTypeOf(
  data: Buffer,
): { mime: 'image/png' | 'image/jpeg' | 'image/gif'; extension: string } | undefined {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { mime: 'image/jpeg', extension: 'jpg' };
  if (data.length >= 6) {
    const head = data.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return { mime: 'image/gif', extension: 'gif' };
  }
  return undefined;
}

export const MIME_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };
