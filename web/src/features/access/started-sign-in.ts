import { readStored, removeStored, writeStored } from '../../lib/storage.js';

/**
 * What this browser keeps under 'googleQuery' while the person is at the provider: the card query
 * (id, type) the login page had, and the state of the sign-in it started. The callback page takes it
 * back once and goes on only when the state it was given is this one: a callback link someone else
 * started (to sign this browser into their account) is refused before it reaches the server.
 */
export interface StartedSignIn {
  query: string;
  state: string;
}

export function rememberSignIn(started: StartedSignIn): void {
  writeStored('googleQuery', started);
}

/** The started sign-in (null when there is none). */
export function readStartedSignIn(): StartedSignIn | null {
  return readStored('googleQuery', (value) => {
    const v = value as Partial<StartedSignIn> | null;
    return typeof v === 'object' && v !== null && typeof v.query === 'string' && typeof v.state === 'string' && v.state !== '' ? { query: v.query, state: v.state } : null;
  });
}

/** A started sign-in works once: the callback forgets it. */
export function forgetStartedSignIn(): void {
  removeStored('googleQuery');
}
