import { readStored, writeStored } from '../../lib/storage.js';

/** The attendee access tokens entered on this device, by chip id (the chip chat posts with them). */
function readAll(): Record<string, string> {
  return (
    readStored('chipAccess', (value) => {
      if (typeof value !== 'object' || value === null) return null;
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }) ?? {}
  );
}

export function readChipAccess(chipId: string): string | null {
  return readAll()[chipId] ?? null;
}

export function saveChipAccess(chipId: string, tid: string): void {
  writeStored('chipAccess', { ...readAll(), [chipId]: tid });
}
