import { describe, expect, it } from 'vitest';
import { DEVICE_DESKTOP, DEVICE_PHONE, describeUserAgent } from './user-agent.js';

describe('device from the user agent', () => {
  it('tells phones from desktops and names them', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ deviceType: DEVICE_PHONE, deviceName: 'Android 14 (Samsung SM-S918B)', browser: 'Mobile Chrome 124' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      ),
    ).toEqual({ deviceType: DEVICE_DESKTOP, deviceName: 'Windows 10', browser: 'Chrome 124' });
    expect(describeUserAgent(undefined)).toEqual({ deviceType: DEVICE_DESKTOP, deviceName: '', browser: '' });
  });
});
