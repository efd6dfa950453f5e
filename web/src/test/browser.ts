import { vi } from 'vitest';

/**
 * Browser features jsdom lacks, stubbed at the browser's own API (never our modules):
 * - jsdom never decodes images, so an <img> neither loads nor fails and image compression would wait
 *   forever; here every image fails to decode, as an undecodable file does in a browser (the upload
 *   then sends the original file).
 * - jsdom has no object URLs; downloads create one per file.
 */
export function stubImageDecoding(): void {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, value: string) {
    descriptor?.set?.call(this, value);
    setTimeout(() => this.dispatchEvent(new Event('error')), 0);
  });
}

/** Records every file the page saves: its name, its text and its bytes (the text drops a byte order mark). */
export function captureDownloads(): { name: string; text: () => Promise<string>; bytes: () => Promise<Uint8Array>; type: string }[] {
  const saved: { name: string; text: () => Promise<string>; bytes: () => Promise<Uint8Array>; type: string }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.stubGlobal('URL', Object.assign(class extends URL {}, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${next++}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ name: this.download, type: blob.type, text: () => blob.text(), bytes: async () => new Uint8Array(await blob.arrayBuffer()) });
  });
  return saved;
}
