import { checkImageSize } from '@tapcard/shared/rules';
import type { UploadResult } from '@tapcard/shared/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { UPLOAD_WARNING_MS } from '../lib/ui.js';
import { CROPPABLE_TYPE, PROFILE_PHOTO_MAX_SIDE, useImageUpload } from '../lib/upload.js';
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

export interface ProfilePhotoPick {
  /** The file input's change handler: the square crop step, then the upload; `onUploaded` gets what was stored. */
  onFile: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
  /** The crop dialog, to render where the picker is. */
  dialog: ReactNode;
}

/** A profile photo chosen in a file input: cropped to a square, then uploaded with the upload's checks and toasts. */
export function useProfilePhotoPick(onUploaded: (result: UploadResult) => void): ProfilePhotoPick {
  const { upload, progress } = useImageUpload('profile');
  const cropStep = useImageCrop();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const square = await cropStep.crop(file);
    if (!square) return;
    const result = await upload(square);
    if (result) onUploaded(result);
  };
  return { onFile, progress, dialog: cropStep.dialog };
}
