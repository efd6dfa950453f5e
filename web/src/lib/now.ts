import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so timing-dependent views (started, ended) change by themselves. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
