// Stored images: recognising an upload's type by its bytes, making an avatar anew (profile) and the
// content type a stored file is served with (server/src/features/uploads/routes.ts).
export { imageTypeOf, MIME_BY_EXTENSION } from './image.js';
export { AVATAR_MAX_INPUT_PIXELS, AVATAR_MAX_SIDE, type ReencodedImage, reencodeAvatar } from './reencode.js';
export { storedUploadName } from './uploads.js';
