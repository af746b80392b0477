import { UAParser } from 'ua-parser-js';

export const DEVICE_DESKTOP = 1;
export const DEVICE_PHONE = 2;

export type DeviceDescription = { deviceType: number; deviceName: string; browser: string };

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

// A sign-in describes its User-Agent twice (device and activity entry, server/src/modules/devices/events.ts,
// server/src/modules/activity/events.ts) and the parser runs dozens of regular expressions: the
// last few hundred answers are kept.
const described = new Map<string, DeviceDescription>();
const KEEP = 500;

/** Device type (1 desktop, 2 phone), a name from OS and model, and the browser, from a User-Agent. */
export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const key = userAgent ?? '';
  const known = described.get(key);
  if (known) return { ...known };
  const description = parse(key);
  if (described.size >= KEEP) described.delete(described.keys().next().value as string);
  described.set(key, description);
  return { ...description };
}

function parse(userAgent: string): DeviceDescription {
  const { browser, os, device } = UAParser(userAgent);
  const handheld = device.type === 'mobile' || device.type === 'tablet' || device.type === 'wearable';
  const model = join(device.vendor, device.model);
  const system = join(os.name, os.version);
  return {
    deviceType: handheld ? DEVICE_PHONE : DEVICE_DESKTOP,
    deviceName: model && system ? `${system} (${model})` : system || model,
    browser: join(browser.name, browser.major),
  };
}
