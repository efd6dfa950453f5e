/** The person closed the share sheet (or the browser did, for them): nothing to report. */
export function isShareCancel(error: unknown): boolean {
  // A DOMException, which is not an Error subclass in every browser.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The device has a share sheet. */
export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Opens the share sheet with the QR code's image and the link where the device shares files,
 * otherwise with the link alone.
 */
export function shareQrCode(image: File | null, title: string, url: string): Promise<void> {
  const withImage: ShareData | null = image ? { files: [image], title, text: url } : null;
  const data = withImage && typeof navigator.canShare === 'function' && navigator.canShare(withImage) ? withImage : { title, url };
  return navigator.share(data);
}
