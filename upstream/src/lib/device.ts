/** The longest device label stored for a session. */
export const DEVICE_LABEL_MAX = 60;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short label of the device a session signed in from, read from its User-Agent: 'Chrome on
 * Windows', 'Safari on iOS'; the first product token ('curl/8.5.0') when neither is recognised; ''
 * without one. Never longer than DEVICE_LABEL_MAX characters.
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').replace(/\p{Cc}/gu, ' ').trim();
  if (!ua) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const label = browser && system ? `${browser} on ${system}` : (browser ?? system ?? ua.split(/\s+/)[0] ?? '');
  return truncate(label, DEVICE_LABEL_MAX);
}

function truncate(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}
