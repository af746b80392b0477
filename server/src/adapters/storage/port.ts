/** Where uploaded files (avatars, later KYC images and certificates) are kept. */
export interface FileStorage {
  readonly kind: 'disk';
  /** Stores the bytes under a new random name with the given extension; answers the name. */
  put(data: Buffer, extension: string): Promise<string>;
  /** The bytes of a stored file, or undefined when there is none with that name. */
  get(name: string): Promise<Buffer | undefined>;
  /** Removes a stored file; a missing file is not an error. */
  remove(name: string): Promise<void>;
}

/** Stored names are random hex with a short extension: nothing else is ever read or written. */
export const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
