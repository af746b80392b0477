import sharp from 'sharp';
import { imageTypeOf } from './image.js';

/** The longest side of a stored avatar, in pixels. */
export const AVATAR_MAX_SIDE = 512;
/** Uploads with more pixels than this (a 25 MP photo; ~100 MB to decode) are refused before they are decoded (a decompression bomb). */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;

export type ReencodedImage = { data: Buffer; extension: 'png' | 'jpg' };

/**
 * An uploaded avatar made anew by a maintained decoder and encoder (sharp / libvips), so what is
 * stored and handed to every relying party (`picture`) is never the uploaded bytes (issue 24
 * point 7): turned upright by its EXIF orientation, then every metadata dropped (EXIF with GPS,
 * XMP, ICC comments); at most AVATAR_MAX_SIDE on its longest side; a photo (JPEG) stays JPEG, a
 * PNG or GIF (its first frame) becomes PNG so transparency stays. Undefined when the bytes are
 * not a gif, jpeg or png that decodes, or it has more than AVATAR_MAX_INPUT_PIXELS pixels.
 */
export async function reencodeAvatar(upload: Buffer): Promise<ReencodedImage | undefined> {
  const type = imageTypeOf(upload);
  if (!type) return undefined;
  try {
    const image = sharp(upload, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (type.extension === 'jpg')
      return { data: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' };
    return { data: await image.png({ compressionLevel: 9 }).toBuffer(), extension: 'png' };
  } catch {
    // Truncated, corrupt, or past the pixel limit: not an image we store.
    return undefined;
  }
}
