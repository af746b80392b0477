import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { callerContext } from './context.js';

const request = (headers: Record<string, string>, ip = '203.0.113.7') => ({ ip, headers }) as unknown as FastifyRequest;

describe('caller context', () => {
  it('reads language, time zone, region and user agent from the headers', () => {
    const ctx = callerContext(
      request({
        'accept-language': 'en-US,en;q=0.9',
        'x-timezone': 'Europe/Paris',
        'cf-ipcountry': 'VN',
        'user-agent': 'Mozilla/5.0',
      }),
    );
    expect(ctx).toEqual({
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      region: 'VN',
      locale: 'en-US',
      timeZone: 'Europe/Paris',
    });
  });

  it('falls back to Vietnamese and Asia/Saigon, and ignores values that are not what they claim', () => {
    const ctx = callerContext(request({ 'x-timezone': 'Mars/Olympus', 'x-region': '<script>' }));
    expect(ctx.locale).toBe('vi-VN');
    expect(ctx.timeZone).toBe('Asia/Saigon');
    expect(ctx.region).toBeNull();
  });
});
