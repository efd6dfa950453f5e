import { atom, getDefaultStore } from 'jotai';
import { asString, readStored, removeStored, SESSION_KEYS, STORAGE_PREFIX, writeStored } from './storage.js';

/** The dashboard cache: name, description, image. */
export interface DashboardData {
  name: string;
  description: string;
  image: string | null;
}

function asDashboardData(value: unknown): DashboardData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, description, image } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof description !== 'string' || (image !== null && typeof image !== 'string')) return null;
  return { name, description, image };
}

/** The signed-in session: the stored 'token_type access_token' string, or null. */
const baseTokenAtom = atom<string | null>(readStored('authToken', asString));

/** The auth token, kept in sync with storage (also across tabs). */
export const authTokenAtom = atom(
  (get) => get(baseTokenAtom),
  (_get, set, token: string | null) => {
    if (token) writeStored('authToken', token);
    else removeStored('authToken');
    set(baseTokenAtom, token);
  },
);

export const jotaiStore = getDefaultStore();

/** Stores a session from the API's `{ token_type, access_token }`. */
export function saveSession(token: { token_type: string; access_token: string }): void {
  jotaiStore.set(authTokenAtom, `${token.token_type} ${token.access_token}`);
}

/** The Authorization header value, or null when signed out. */
export function currentAuthorization(): string | null {
  return jotaiStore.get(authTokenAtom);
}

/** Clears the session and the dashboard cache (HTTP 401, logout, password change). */
export function clearSession(): void {
  removeStored(...SESSION_KEYS);
  jotaiStore.set(authTokenAtom, null);
}

export function readDashboardData(): DashboardData | null {
  return readStored('dashboardData', asDashboardData);
}

export function writeDashboardData(data: DashboardData): void {
  writeStored('dashboardData', data);
}

// Another tab signing out (or in) updates this one.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === `${STORAGE_PREFIX}authToken` || event.key === null) {
      jotaiStore.set(baseTokenAtom, readStored('authToken', asString));
    }
  });
}
