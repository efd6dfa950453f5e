import { checkImageSize } from '@tapcard/shared/rules';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { UPLOAD_WARNING_MS } from '../lib/ui.js';
import { CROPPABLE_TYPE, cropToArea, PROFILE_PHOTO_MAX_SIDE, type PixelArea } from '../lib/upload.js';
import { notify } from '../lib/toast.js';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';
import styles from './ImageCrop.module.css';
import { Spinner } from './Spinner.js';

// The cropping library is fetched when a crop first opens, never with a page.
const ImageCropper = lazy(() => import('./ImageCropper.js'));

export const CROP_TEXTS = {
  title: 'Crop your photo',
  description: 'Move and zoom the photo so the square holds what your card should show.',
  area: 'Crop area: drag the photo, or use the arrow keys to move it',
  zoom: 'Zoom',
  use: 'Use photo',
  cancel: 'Cancel',
} as const;

/** The file read as a data URL (shown in the crop area), or null while it is read. */
function useDataUrl(file: File | null): string | null {
  const [url, setUrl] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    const reader = new FileReader();
    reader.onload = () => live && typeof reader.result === 'string' && setUrl({ file, url: reader.result });
    reader.readAsDataURL(file);
    return () => {
      live = false;
      reader.abort();
    };
  }, [file]);
  return url && url.file === file ? url.url : null;
}

function CropDialog({ file, maxSide, onDone }: { file: File; maxSide: number; onDone: (file: File | null) => void }) {
  const image = useDataUrl(file);
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [working, setWorking] = useState(false);
  const zoomId = useId();
  const use = async () => {
    setWorking(true);
    onDone(await cropToArea(file, area, maxSide));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !working && onDone(null)} title={CROP_TEXTS.title} description={CROP_TEXTS.description}>
      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner />
          </div>
        }>
        {image ? (
          <ImageCropper image={image} zoom={zoom} onZoomChange={setZoom} onAreaChange={setArea} label={CROP_TEXTS.area} />
        ) : (
          <div className={styles.loading}>
            <Spinner />
          </div>
        )}
      </Suspense>
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>{CROP_TEXTS.zoom}</label>
        <input id={zoomId} type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onDone(null)} disabled={working}>
          {CROP_TEXTS.cancel}
        </Button>
        <Button onClick={() => void use()} busy={working}>
          {CROP_TEXTS.use}
        </Button>
      </div>
    </Dialog>
  );
}

export interface ImageCrop {
  /**
   * Checks the chosen image's size (the size warning), then lets the owner crop it to a square:
   * resolves with the square, or null when it is refused or the owner cancels. Types a crop cannot
   * re-encode (a GIF) come back as they are.
   */
  crop: (file: File) => Promise<File | null>;
  /** The crop dialog, to render where the picker is. */
  dialog: ReactNode;
}

/** The square crop step of a chosen image (profile photos, service images). */
export function useImageCrop(maxSide: number = PROFILE_PHOTO_MAX_SIDE): ImageCrop {
  const [file, setFile] = useState<File | null>(null);
  const settle = useRef<((file: File | null) => void) | null>(null);
  useEffect(() => () => settle.current?.(null), []);
  const crop = useCallback(async (chosen: File) => {
    const tooLarge = checkImageSize(chosen.size);
    if (tooLarge) {
      notify.warning(tooLarge, { autoClose: UPLOAD_WARNING_MS });
      return null;
    }
    if (!CROPPABLE_TYPE.test(chosen.type)) return chosen;
    settle.current?.(null);
    return new Promise<File | null>((resolve) => {
      settle.current = resolve;
      setFile(chosen);
    });
  }, []);
  const done = useCallback((result: File | null) => {
    settle.current?.(result);
    settle.current = null;
    setFile(null);
  }, []);
  return { crop, dialog: file ? <CropDialog key={`${file.name}-${file.lastModified}`} file={file} maxSide={maxSide} onDone={done} /> : null };
}
