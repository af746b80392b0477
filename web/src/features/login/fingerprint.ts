import { currentTimezone } from '../../api/client';

// visistorId (spec §3): a browser fingerprint hash, seed 31. Informational only: it helps the
// server tell devices apart in the activity log, it is not a security control.

/** 32-bit string hash seeded with 31 (h = h * 31 + code), as 8 hex digits. */
export const hashString = (text: string, seed = 31): string => {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(16).padStart(8, '0');
};

export interface FingerprintSource {
  userAgent: string;
  language: string;
  languages?: readonly string[];
  platform?: string;
  hardwareConcurrency?: number;
  maxTouchPoints?: number;
  screen?: { width: number; height: number; colorDepth: number };
  timeZone?: string;
}

/** The properties hashed, joined in a fixed order. */
export const fingerprintText = (s: FingerprintSource): string =>
  [
    s.userAgent,
    s.language,
    (s.languages ?? []).join(','),
    s.platform ?? '',
    s.hardwareConcurrency ?? '',
    s.maxTouchPoints ?? '',
    s.screen ? `${s.screen.width}x${s.screen.height}x${s.screen.colorDepth}` : '',
    s.timeZone ?? '',
  ].join('|');

/** Two passes (the text and its reverse) for a 64-bit id: 16 hex digits. */
export const fingerprint = (source: FingerprintSource): string => {
  const text = fingerprintText(source);
  return hashString(text) + hashString([...text].reverse().join(''));
};

/** This browser's visistorId. */
export const visitorId = (): string => {
  if (typeof navigator === 'undefined') return '';
  // Read once for the page (api/client.ts), Asia/Saigon when the browser cannot say.
  const timeZone = currentTimezone();
  return fingerprint({
    userAgent: navigator.userAgent,
    language: navigator.language,
    languages: navigator.languages,
    platform: navigator.platform,
    hardwareConcurrency: navigator.hardwareConcurrency,
    maxTouchPoints: navigator.maxTouchPoints,
    screen: typeof screen === 'undefined' ? undefined : screen,
    timeZone,
  });
};
