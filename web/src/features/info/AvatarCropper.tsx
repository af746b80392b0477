import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery, useViewportSize } from '@mantine/hooks';
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { QueryLoader } from '../../components/QueryState';
import {
  CROP_CHROME_HEIGHT,
  CROP_PREVIEW,
  type Crop,
  displayScale,
  initialCrop,
  maxCropSize,
  minCropSize,
  moveCrop,
  outputSide,
  resizeAroundCentre,
  resizeCrop,
  type Size,
} from './crop';

export interface AvatarCropperProps {
  /** The chosen image; null closes the cropper. */
  file: File | null;
  onClose: () => void;
  /** Called with the cropped square; resolves when it is stored. */
  onCrop: (image: Blob, fileName: string) => Promise<void>;
  /** The image could not be read (not an image after all). */
  onUnreadable: () => void;
}

type Drag = { mode: 'move' | 'resize'; startX: number; startY: number; start: Crop };

const drawCrop = (canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, side: number) => {
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.imageSmoothingQuality = 'high';
  ctx.clearRect(0, 0, side, side);
  ctx.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, side, side);
};

/**
 * A small square cropper (canvas, no dependency): the image shown at most 700 px wide with a
 * draggable, resizable square over it, a size slider and arrow keys for keyboard users, and a
 * 100 x 100 preview. Saving draws the square (at most 512 px) and hands it on as PNG or JPEG.
 */
export function AvatarCropper({ file, onClose, onCrop, onUnreadable }: AvatarCropperProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef<Drag | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const { ref: frame, width: available } = useElementSize();
  const { height: viewportHeight } = useViewportSize();

  // Read the file into an image.
  useEffect(() => {
    setImage(null);
    setCrop(null);
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    const img = new Image();
    let alive = true;
    img.onload = () => {
      if (!alive) return;
      setImage(img);
      setCrop(initialCrop({ width: img.naturalWidth, height: img.naturalHeight }));
    };
    img.onerror = () => alive && onUnreadable();
    img.src = url;
    return () => {
      alive = false;
      URL.revokeObjectURL(url);
    };
  }, [file, onUnreadable]);

  const size: Size | null = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
  const scale = size ? displayScale(size, available, viewportHeight - CROP_CHROME_HEIGHT) : 1;

  // Redraw the preview (device pixels for a crisp 100 x 100).
  useEffect(() => {
    if (!image || !crop || !preview.current) return;
    const ratio = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
    drawCrop(preview.current, image, crop, Math.round(CROP_PREVIEW * ratio));
  }, [image, crop]);

  const onPointerDown = (mode: Drag['mode']) => (e: ReactPointerEvent<HTMLElement>) => {
    if (!crop) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    drag.current = { mode, startX: e.clientX, startY: e.clientY, start: crop };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || !size) return;
    const dx = (e.clientX - d.startX) / scale;
    const dy = (e.clientY - d.startY) / scale;
    setCrop(d.mode === 'move' ? moveCrop(d.start, dx, dy, size) : resizeCrop(d.start, dx, dy, size));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!crop || !size) return;
    const step = (e.shiftKey ? 50 : 10) / scale;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setCrop(moveCrop(crop, move[0], move[1], size));
  };

  const save = useCallback(async () => {
    if (!image || !crop || !file) return;
    setBusy(true);
    try {
      const canvas = document.createElement('canvas');
      drawCrop(canvas, image, crop, outputSide(crop));
      const jpeg = file.type === 'image/jpeg';
      const type = jpeg ? 'image/jpeg' : 'image/png';
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
      if (!blob) throw new Error('canvas');
      await onCrop(blob, jpeg ? 'avatar.jpg' : 'avatar.png');
    } catch {
      // onCrop reports its own failures; the cropper stays open for another try.
    } finally {
      setBusy(false);
    }
  }, [image, crop, file, onCrop]);

  const shown = size && crop ? { width: size.width * scale, height: size.height * scale } : null;

  return (
    <Modal
      opened={file !== null}
      onClose={busy ? () => {} : onClose}
      title={t('info_avatar_crop_title')}
      size={760}
      fullScreen={Boolean(phone)}
      centered
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('info_avatar_crop_hint')}
        </Text>
        <Box ref={frame} w="100%">
          {/* The image is read from the file first: a loader, not a blank area (issue 34 point 9). */}
          {!(image && crop && shown) && <QueryLoader />}
          {image && crop && shown && (
            <Box
              pos="relative"
              w={shown.width}
              h={shown.height}
              mx="auto"
              style={{ overflow: 'hidden', touchAction: 'none', userSelect: 'none', borderRadius: 4 }}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
            >
              <img
                src={image.src}
                alt=""
                width={shown.width}
                height={shown.height}
                draggable={false}
                style={{ display: 'block', width: shown.width, height: shown.height }}
              />
              <Box
                role="group"
                tabIndex={0}
                aria-label={t('info_avatar_crop_title')}
                onKeyDown={onKeyDown}
                onPointerDown={onPointerDown('move')}
                pos="absolute"
                left={crop.x * scale}
                top={crop.y * scale}
                w={crop.size * scale}
                h={crop.size * scale}
                style={{
                  cursor: 'move',
                  border: '2px solid white',
                  boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.55)',
                  outlineOffset: 2,
                }}
              >
                <Box
                  aria-hidden
                  onPointerDown={onPointerDown('resize')}
                  pos="absolute"
                  right={-8}
                  bottom={-8}
                  w={16}
                  h={16}
                  bg="white"
                  style={{ cursor: 'nwse-resize', borderRadius: 3, border: '2px solid var(--mantine-color-brand-6)' }}
                />
              </Box>
            </Box>
          )}
        </Box>
        {size && crop && (
          <Group align="flex-end" gap="lg" wrap="wrap">
            <Stack gap={6} style={{ flex: '1 1 240px' }}>
              <Text fz="sm" fw={500} id="avatar-crop-size">
                {t('info_avatar_crop_size')}
              </Text>
              <Slider
                aria-labelledby="avatar-crop-size"
                min={minCropSize(size)}
                max={maxCropSize(size)}
                value={Math.round(crop.size)}
                onChange={(v) => setCrop(resizeAroundCentre(crop, v, size))}
                label={null}
              />
            </Stack>
            <Stack gap={6} align="center">
              <Text fz="sm" fw={500}>
                {t('info_avatar_preview')}
              </Text>
              <canvas
                ref={preview}
                aria-label={t('info_avatar_preview')}
                role="img"
                style={{
                  width: CROP_PREVIEW,
                  height: CROP_PREVIEW,
                  borderRadius: '50%',
                  border: '1px solid var(--mantine-color-gray-3)',
                }}
              />
            </Stack>
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common_cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!crop}>
            {t('info_avatar_save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
