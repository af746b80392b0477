// Stored images: recognising an upload's type by its bytes (profile avatars) and the content type
// a stored file is served with (server/src/features/uploads/routes.ts).
export { imageTypeOf, MIME_BY_EXTENSION } from './image.js';
