import { UAParser } from 'ua-parser-js';

export const DEVICE_DESKTOP = 1;
export const DEVICE_PHONE = 2;

export type DeviceDescription = { deviceType: number; deviceName: string; browser: string };

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/** Device type (1 desktop, 2 phone), a name from OS and model, and the browser, from a User-Agent. */
export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const { browser, os, device } = UAParser(userAgent ?? '');
  const handheld = device.type === 'mobile' || device.type === 'tablet' || device.type === 'wearable';
  const model = join(device.vendor, device.model);
  const system = join(os.name, os.version);
  return {
    deviceType: handheld ? DEVICE_PHONE : DEVICE_DESKTOP,
    deviceName: model && system ? `${system} (${model})` : system || model,
    browser: join(browser.name, browser.major),
  };
}
