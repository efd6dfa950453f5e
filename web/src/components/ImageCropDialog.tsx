import { checkImageSize } from '@tapcard/shared/rules';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { UPLOAD_WARNING_MS } from '../lib/ui.js';
import { CROPPABLE_TYPE, PROFILE_PHOTO_MAX_SIDE } from '../lib/upload.js';
import { notify } from '../lib/toast.js';

// The crop dialog and its cropping library are fetched when a crop first opens, never with a page.
const CropDialog = lazy(() => import('./CropDialog.js'));

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
  return {
    crop,
    dialog: file ? (
      <Suspense fallback={null}>
        <CropDialog key={`${file.name}-${file.lastModified}`} file={file} maxSide={maxSide} onDone={done} />
      </Suspense>
    ) : null,
  };
}
