import { useCallback, useState } from 'react';
import { IMAGE_COMPRESSION_QUALITY, UPLOAD_WARNING_MS } from './ui.js';
import { calls, type UploadResult } from '@tapcard/shared/contract';
import { checkImageSize, messages, type UploadFolder } from '@tapcard/shared/rules';
import { apiUrl, authHeaders, SERVER_ERROR } from './api.js';
import { notify } from './toast.js';

export const UPLOAD_TEXTS = {
  uploading: 'Uploading...',
  uploaded: messages.uploaded,
  uploadFailed: messages.uploadFailed,
  imageFailed: messages.imageUploadFailed,
} as const;

/**
 * The largest side of a profile photo: it is shown at most 128 px wide (twice that on dense screens),
 * and a photo this size stays small enough for the owner's vCard to embed it.
 */
export const PROFILE_PHOTO_MAX_SIDE = 640;

/** The crop's own encoding quality: high, as the compression that follows applies 0.7 (IMAGE_COMPRESSION_QUALITY). */
const CROP_QUALITY = 0.92;

/** The centred square of a width × height image: its side and its top-left corner. */
export function centredSquare(width: number, height: number): { side: number; x: number; y: number } {
  const side = Math.max(0, Math.min(width, height));
  return { side, x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2) };
}

/** A region of an image in its pixels. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The image types a crop re-encodes (a GIF would lose its animation). */
export const CROPPABLE_TYPE = /^image\/(?:jpeg|png|webp)$/;

/**
 * Draws the square `pick` chooses of an image, at most `maxSide` pixels a side, in the file's own type
 * (the photo's orientation applied). Other types and images the browser cannot decode go up as they
 * are: the avatars' object-fit: cover still shows them undistorted.
 */
async function drawSquare(
  file: File,
  maxSide: number,
  pick: (width: number, height: number) => { side: number; x: number; y: number },
  keepIfSquare: boolean,
): Promise<File> {
  if (!CROPPABLE_TYPE.test(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const { side, x, y } = pick(bitmap.width, bitmap.height);
    const out = Math.min(side, maxSide);
    if (out === 0 || (keepIfSquare && bitmap.width === bitmap.height && out === side)) return file;
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, x, y, side, side, 0, 0, out, out);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, CROP_QUALITY));
    return blob ? new File([blob], file.name, { type: blob.type }) : file;
  } finally {
    bitmap.close();
  }
}

/**
 * Crops an image to its centred square, at most `maxSide` pixels a side, so a profile photo is never
 * stretched into an oval (see drawSquare for the types it leaves as they are).
 */
export function cropToSquare(file: File, maxSide: number): Promise<File> {
  return drawSquare(file, maxSide, centredSquare, true);
}

/**
 * Crops an image to the square the owner chose (`area`, in the image's pixels; its shorter side is the
 * square's, kept inside the image), at most `maxSide` pixels a side; without an area, its centred square.
 */
export function cropToArea(file: File, area: PixelArea | null, maxSide: number): Promise<File> {
  if (!area) return cropToSquare(file, maxSide);
  return drawSquare(
    file,
    maxSide,
    (width, height) => {
      const side = Math.max(0, Math.min(Math.round(area.width), Math.round(area.height), width, height));
      const x = Math.min(Math.max(0, Math.round(area.x)), width - side);
      const y = Math.min(Math.max(0, Math.round(area.y)), height - side);
      return { side, x, y };
    },
    false,
  );
}

/**
 * Compresses an image to IMAGE_COMPRESSION_QUALITY (in the page: the library's worker would load a CDN
 * script). The library loads with the first image, not with the form that uploads it.
 */
export async function compressImage(file: File): Promise<File> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const blob = await imageCompression(file, { initialQuality: IMAGE_COMPRESSION_QUALITY, maxWidthOrHeight: 1600, useWebWorker: false });
    return new File([blob], file.name, { type: blob.type || file.type });
  } catch {
    return file; // a format the library cannot re-encode (e.g. GIF), or the library not downloaded: it goes up as it is
  }
}

/** A failed upload: the server's message, and whether it was a limit's refusal (429), whose message is shown as it is. */
export interface UploadFailure {
  ok: false;
  message: string;
  limited: boolean;
}

/** POSTs a file with progress; resolves with the upload result or a message. */
export function sendUpload(
  file: File,
  folder: UploadFolder,
  onProgress: (fraction: number) => void,
): Promise<{ ok: true; result: UploadResult } | UploadFailure> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(calls.uploadFile));
    for (const [k, v] of Object.entries(authHeaders(calls.uploadFile))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ ok: false, message: UPLOAD_TEXTS.uploadFailed, limited: false });
    xhr.onload = () => {
      try {
        const parsed = calls.uploadFile.answer.safeParse(JSON.parse(xhr.responseText));
        if (!parsed.success) resolve({ ok: false, message: SERVER_ERROR, limited: false });
        else if (parsed.data.success === 'true') resolve({ ok: true, result: parsed.data.data });
        else resolve({ ok: false, message: parsed.data.message, limited: xhr.status === 429 });
      } catch {
        resolve({ ok: false, message: SERVER_ERROR, limited: false });
      }
    };
    const form = new FormData();
    form.append('folder', folder);
    form.append('name', `${folder}-${Date.now().toString(36)}`);
    form.append('file', file);
    xhr.send(form);
  });
}

export interface ImageUpload {
  /** Checks, crops (profile photos), compresses and uploads; shows the upload toasts. Resolves with the result or null. */
  upload(file: File): Promise<UploadResult | null>;
  /** 0..1 while uploading, null otherwise. */
  progress: number | null;
}

export function useImageUpload(folder: UploadFolder): ImageUpload {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(
    async (file: File) => {
      const tooLarge = checkImageSize(file.size);
      if (tooLarge) {
        notify.warning(tooLarge, { autoClose: UPLOAD_WARNING_MS });
        return null;
      }
      const id = notify.loading(UPLOAD_TEXTS.uploading);
      setProgress(0);
      // Profile photos are shown in a circle: they go up as a centred square.
      const compressed = await compressImage(folder === 'profile' ? await cropToSquare(file, PROFILE_PHOTO_MAX_SIDE) : file);
      const sent = await sendUpload(compressed, folder, setProgress);
      setProgress(null);
      if (sent.ok) {
        notify.settle(id, 'success', UPLOAD_TEXTS.uploaded);
        return sent.result;
      }
      // A limit's refusal says why and when to try again (the upload caps); other failures keep the spec's text.
      notify.settle(id, 'error', sent.limited || sent.message === SERVER_ERROR ? sent.message : UPLOAD_TEXTS.imageFailed);
      return null;
    },
    [folder],
  );
  return { upload, progress };
}
