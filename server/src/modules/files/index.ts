// Private files (identity documents, certificates): owned rows, stored apart, served only through
// short-lived signed URLs.

export { documentTypeOf, privateFileType } from './documents.js';
export {
  createPrivateFiles,
  expiredArchivesJob,
  type FilePurpose,
  type PrivateFileRow,
  type PrivateFiles,
  subscribeFiles,
} from './private-files.js';
export { PRIVATE_FILES_PATH, SIGNED_URL_SECONDS, signatureHolds, signedFileUrl } from './signed-urls.js';
