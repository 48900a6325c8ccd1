/**
 * A session's user agent in the words a person recognises their device by ("Chrome on Windows"),
 * not the header itself. Order matters: most browsers also name the ones they descend from
 * (Edge says Chrome and Safari, Chrome says Safari), so the most specific token is tried first.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';

export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN_BROWSER,
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN_SYSTEM,
  };
}
