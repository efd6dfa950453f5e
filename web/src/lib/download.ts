/**
 * Saves text or a blob as a file the browser downloads (vCards, CSV). The object URL is revoked once
 * the download has started.
 */
export function saveFile(fileName: string, content: BlobPart, type: string): void {
  const blob = content instanceof Blob ? content : new Blob([content], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const VCARD_MIME = 'text/vcard;charset=utf-8';
export const CSV_MIME = 'text/csv;charset=utf-8';
