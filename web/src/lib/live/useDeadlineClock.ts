import { useEffect, useState } from 'react';

/** How close to a deadline the clock starts ticking every second (before that, one timer wakes it). */
const TICK_WINDOW_MS = 120_000;

/**
 * The current time (ms), kept fresh while one of `deadlines` (ms; null or NaN for none) lies ahead:
 * every second in the nearest one's last two minutes (a countdown), and once when those begin, so a
 * mute that ends in an hour re-renders the page then and not every second until. Past the last, it stops.
 */
export function useDeadlineClock(deadlines: readonly (number | null)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const key = deadlines.filter((d): d is number => d !== null && Number.isFinite(d)).join(',');
  useEffect(() => {
    const times = key === '' ? [] : key.split(',').map(Number);
    if (times.length === 0) return;
    let timer: number | undefined;
    const step = () => {
      const current = Date.now();
      setNow(current);
      const ahead = times.filter((t) => t > current);
      if (ahead.length === 0) return;
      const left = Math.min(...ahead) - current;
      // Wake just after the countdown's next whole second, or when its last two minutes begin.
      const wait = left > TICK_WINDOW_MS ? left - TICK_WINDOW_MS : (left % 1000 || 1000) + 10;
      timer = window.setTimeout(step, wait);
    };
    step();
    return () => window.clearTimeout(timer);
  }, [key]);
  return now;
}
