import { STORED_NAME } from '../../adapters/storage/index.js';

/** The stored name of a public upload's URL (`<PUBLIC_URL>/uploads/<name>`), or undefined for any other URL. */
export const storedUploadName = (url: string | null | undefined, publicUrl: string): string | undefined => {
  const prefix = `${publicUrl}/uploads/`;
  if (!url?.startsWith(prefix)) return undefined;
  const name = url.slice(prefix.length);
  return STORED_NAME.test(name) ? name : undefined;
};
