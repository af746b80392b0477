// Private files (identity documents, certificates): served only through short-lived signed URLs.
export { PRIVATE_FILES_PATH, SIGNED_URL_SECONDS, signatureHolds, signedFileUrl } from './signed-urls.js';
