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

/**
 * Values kept per id (an access token) under `key`: the newest `limit`, each checked with `parse` when
 * read, so a value from another build or a hand edit reads as nothing kept.
 */
export function keptById<T>(key: StorageKey, parse: (value: unknown) => T | null, limit: number): KeptById<T> {
  const entries = (raw: unknown): Entry<T>[] | null => {
    if (!Array.isArray(raw)) return null;
    return raw.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return [];
      const { id, value } = entry as { id?: unknown; value?: unknown };
      const parsed = typeof id === 'string' ? parse(value) : null;
      return parsed === null || typeof id !== 'string' ? [] : [{ id, value: parsed }];
    });
  };
  const readAll = () => readStored(key, entries) ?? [];
  return {
    read: (id) => readAll().find((entry) => entry.id === id)?.value ?? null,
    save: (id, value) => writeStored(key, [{ id, value }, ...readAll().filter((entry) => entry.id !== id)].slice(0, limit)),
    forget: (id) => {
      const all = readAll();
      const kept = all.filter((entry) => entry.id !== id);
      if (kept.length !== all.length) writeStored(key, kept);
    },
  };
}
