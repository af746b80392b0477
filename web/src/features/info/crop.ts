// The square avatar crop, in the image's own pixels, free of React and the DOM.

export type Size = { width: number; height: number };
export type Crop = { x: number; y: number; size: number };

/** The width the cropper works at (spec account §9) and the preview side. */
export const CROP_WORK_WIDTH = 700;
export const CROP_PREVIEW = 100;
/** The side of the uploaded square, at most (smaller crops are kept at their size). */
export const CROP_OUTPUT_MAX = 512;
/** The smallest selection, in image pixels (or the image's short side when smaller). */
export const CROP_MIN = 32;

export const minCropSize = (image: Size) => Math.min(CROP_MIN, image.width, image.height);
export const maxCropSize = (image: Size) => Math.min(image.width, image.height);

/** A crop kept inside the image, its size between the minimum and the image's short side. */
export const clampCrop = (crop: Crop, image: Size): Crop => {
  const size = Math.min(Math.max(crop.size, minCropSize(image)), maxCropSize(image));
  const x = Math.min(Math.max(crop.x, 0), image.width - size);
  const y = Math.min(Math.max(crop.y, 0), image.height - size);
  return { x, y, size };
};

/** The starting crop: centred, 80 % of the short side. */
export const initialCrop = (image: Size): Crop => {
  const size = Math.round(maxCropSize(image) * 0.8);
  return clampCrop({ x: (image.width - size) / 2, y: (image.height - size) / 2, size }, image);
};

/** Moved by (dx, dy) image pixels, kept inside. */
export const moveCrop = (crop: Crop, dx: number, dy: number, image: Size): Crop =>
  clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, image);

/** Resized from the bottom-right corner by the larger move of (dx, dy), the top-left corner fixed. */
export const resizeCrop = (crop: Crop, dx: number, dy: number, image: Size): Crop => {
  const room = Math.min(image.width - crop.x, image.height - crop.y);
  const delta = Math.abs(dx) >= Math.abs(dy) ? dx : dy;
  const size = Math.min(Math.max(crop.size + delta, minCropSize(image)), room);
  return { ...crop, size };
};

/** Resized to a given side around its centre (the slider), kept inside. */
export const resizeAroundCentre = (crop: Crop, size: number, image: Size): Crop => {
  const cx = crop.x + crop.size / 2;
  const cy = crop.y + crop.size / 2;
  return clampCrop({ x: cx - size / 2, y: cy - size / 2, size }, image);
};

/**
 * The cropper's height besides the image (title, hint, slider, preview, buttons, margins): the
 * image gets the rest of the window, so Save stays in view (issue 8, point 22).
 */
export const CROP_CHROME_HEIGHT = 430;
/** The image is never shown smaller than this, however short the window. */
export const CROP_MIN_SHOWN = 160;

/**
 * The display scale: the image shown at most at the working width and at most `availableHeight`
 * tall (a portrait photo would push Save below the window), never enlarged.
 */
export const displayScale = (image: Size, available: number, availableHeight = Number.POSITIVE_INFINITY): number =>
  Math.min(
    1,
    Math.min(CROP_WORK_WIDTH, Math.max(available, 1)) / image.width,
    Math.max(availableHeight, CROP_MIN_SHOWN) / image.height,
  );

/** The side of the uploaded square. */
export const outputSide = (crop: Crop): number => Math.max(1, Math.min(CROP_OUTPUT_MAX, Math.round(crop.size)));
