import { readStored, writeStored, type StorageKey } from './storage.js';

/** One value per id kept on the device under one storage key, newest first. */
export interface KeptById<T> {
  read: (id: string) => T | null;
  save: (id: string, value: T) => void;
  forget: (id: string) => void;
}

interface Entry<T> {
  id: string;
  value: T;
}

/** The stored entries with an id, their values as stored (unchecked). */
function storedEntries(raw: unknown): Entry<unknown>[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { id, value } = entry as { id?: unknown; value?: unknown };
    return typeof id === 'string' ? [{ id, value }] : [];
  });
}

/**
 * Values kept per id (an access token) under `key`: the newest `limit`. A value is checked with
 * `parse` when it is read, so a value from another build or a hand edit reads as nothing kept. Saving
 * and forgetting one value leave the others as they are stored, unchecked: a kept arena's history is
 * large, and checking every kept one again on each save (every half second in a busy chat) held a
 * phone's main thread for nothing.
 */
export function keptById<T>(key: StorageKey, parse: (value: unknown) => T | null, limit: number): KeptById<T> {
  const stored = () => readStored(key, storedEntries) ?? [];
  return {
    read: (id) => {
      const entry = stored().find((candidate) => candidate.id === id);
      return entry ? parse(entry.value) : null;
    },
    save: (id, value) => writeStored(key, [{ id, value }, ...stored().filter((entry) => entry.id !== id)].slice(0, limit)),
    forget: (id) => {
      const all = stored();
      const kept = all.filter((entry) => entry.id !== id);
      if (kept.length !== all.length) writeStored(key, kept);
    },
  };
}
