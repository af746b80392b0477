// The images a person may upload (spec account §9: gif, jpg, png, jpeg): the avatar and the ID
// images of identity verification. The server checks the content again.

const IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'];
const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png'];
/** The file input's `accept`. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** gif, jpg, jpeg or png by type or name. */
export const isAcceptedImage = (file: Pick<File, 'name' | 'type'>): boolean => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (file.type) return IMAGE_TYPES.includes(file.type.toLowerCase());
  return IMAGE_EXTENSIONS.includes(ext);
};
