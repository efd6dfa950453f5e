import { useEffect, useId, useState } from 'react';
import Cropper from 'react-easy-crop';
import { cropToArea, type PixelArea } from '../lib/upload.js';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';
import styles from './ImageCrop.module.css';
import { Spinner } from './Spinner.js';

export const CROP_TEXTS = {
  title: 'Crop your photo',
  description: 'Move and zoom the photo so the square holds what your card should show.',
  area: 'Crop area: drag the photo, or use the arrow keys to move it',
  zoom: 'Zoom',
  use: 'Use photo',
  cancel: 'Cancel',
} as const;

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

/** The file read as a data URL (shown in the crop area), or null while it is read. */
function useDataUrl(file: File): string | null {
  const [url, setUrl] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
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

/**
 * The square crop of a chosen image (fetched with react-easy-crop when a crop first opens): drag or
 * pinch the photo, or focus the crop area and use the arrow keys; the Zoom slider zooms. 'Use photo'
 * gives `onDone` the square (the centred one if the photo could not be shown), 'Cancel' null.
 */
export default function CropDialog({ file, maxSide, onDone }: { file: File; maxSide: number; onDone: (file: File | null) => void }) {
  const image = useDataUrl(file);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [working, setWorking] = useState(false);
  const zoomId = useId();
  const use = async () => {
    setWorking(true);
    onDone(await cropToArea(file, area, maxSide));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !working && onDone(null)} title={CROP_TEXTS.title} description={CROP_TEXTS.description}>
      {image ? (
        <div className={styles.area}>
          <Cropper
            image={image}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="rect"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            cropperProps={{ role: 'group', 'aria-label': CROP_TEXTS.area }}
            mediaProps={{ alt: '' }}
          />
        </div>
      ) : (
        <div className={styles.loading}>
          <Spinner />
        </div>
      )}
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>{CROP_TEXTS.zoom}</label>
        <input id={zoomId} type="range" min={MIN_ZOOM} max={MAX_ZOOM} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
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
