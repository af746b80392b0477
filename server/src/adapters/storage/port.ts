/**
 * Where a file lives: `public` files (avatars) are served to anyone at /uploads/<name>; `private`
 * ones (identity documents, certificates) only through a short-lived signed URL
 * (server/src/modules/files), never at a guessable address.
 */
export type FileArea = 'public' | 'private';

/** Where uploaded files (avatars, KYC images, certificates) are kept. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under a new random name with the given extension; answers the name. */
  put(data: Buffer, extension: string, area?: FileArea): Promise<string>;
  /** The bytes of a stored file, or undefined when there is none with that name. */
  get(name: string, area?: FileArea): Promise<Buffer | undefined>;
  /** Removes a stored file; a missing file is not an error. */
  remove(name: string, area?: FileArea): Promise<void>;
}

/** Stored names are random hex with a short extension: nothing else is ever read or written. */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
