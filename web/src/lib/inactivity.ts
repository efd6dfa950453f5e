import { useEffect } from 'react';
import { STORAGE_WIPE_MS } from '@tapcard/shared/constants';
import { navigateTo } from './navigation.js';
import { routes } from './paths.js';
import { clearSession, currentAuthorization } from './session.js';
import { asNumber, readStored, writeStored } from './storage.js';

/**
 * The spec wipes storage 5 minutes after the router starts; DESIGN.md applies it as an inactivity
 * expiry: no input for STORAGE_WIPE_MS clears the stored session and personal data and, if someone was
 * signed in, goes to login. A tab reopened after the limit is expired at once.
 */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
const WRITE_EVERY_MS = 10_000;
const CHECK_EVERY_MS = 15_000;

export function isExpired(lastActivity: number | null, now: number): boolean {
  return lastActivity !== null && now - lastActivity > STORAGE_WIPE_MS;
}

export function expireSession(): void {
  const wasSignedIn = currentAuthorization() !== null;
  clearSession();
  if (wasSignedIn) navigateTo(routes.login, { replace: true });
}

export function useInactivityExpiry(): void {
  useEffect(() => {
    const last = () => readStored('lastActivity', asNumber);
    if (isExpired(last(), Date.now())) expireSession();
    writeStored('lastActivity', Date.now());
    let lastWrite = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - lastWrite > WRITE_EVERY_MS) {
        lastWrite = now;
        writeStored('lastActivity', now);
      }
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const timer = window.setInterval(() => {
      if (isExpired(last(), Date.now())) {
        expireSession();
        writeStored('lastActivity', Date.now());
      }
    }, CHECK_EVERY_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.clearInterval(timer);
    };
  }, []);
}
