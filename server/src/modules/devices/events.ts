import { randomUUID } from 'node:crypto';
import { devices, knownBrowsers, rememberedBrowsers } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { exportRows } from '../data-export/index.js';
import { forgetKnownBrowsers, noteKnownBrowser, signedInBefore } from './known-browsers.js';
import { insertDevice, markUserDevicesLoggedOut } from './queries.js';

/** Sign-ins the account's own signed-in device let in. */
const APPROVED = new Set(['qr', 'prompt']);

/** Devices' part of the domain events (server/src/modules/events/index.ts). */
export function subscribeDevices({ events }: Pick<AppDeps, 'events'>) {
  // Signed in: the device is recorded, linked to its session when the browser resumes. A browser
  // the account never signed in from (issue 32 point 6) is announced, unless it is the account's
  // first sign-in, a browser remembered at the second step, or one the owner approved from a
  // signed-in device (QR, push: that approval already mailed them, server/src/modules/alerts).
  events.subscribe(
    'user.signedIn',
    async ({ tx, userId, interactionUid, method, client, browser, remembered, afterCommit }) => {
      const id = randomUUID();
      const agent = describeUserAgent(client.userAgent);
      const at = new Date();
      await insertDevice(tx, {
        id,
        userId,
        interactionUid,
        signInMethod: method,
        ...agent,
        ip: client.ip,
        region: client.region,
        loginTime: at,
        lastActionTime: at,
      });
      if (!browser || !(await noteKnownBrowser(tx, userId, browser)) || remembered || APPROVED.has(method)) return;
      if (!(await signedInBefore(tx, userId, id))) return;
      await events.publish('sign-in.newBrowser', {
        userId,
        deviceId: id,
        device: [agent.deviceName, agent.browser].filter(Boolean).join(' · '),
        method,
        ip: client.ip,
        region: client.region,
        timeZone: client.timeZone,
        at,
        tx,
        afterCommit,
      });
    },
  );
  // A data archive: each sign-in's device (the provider's session ids stay out), the browsers the
  // account used (their keys' hashes stay out) and those remembered at the second step.
  events.subscribe('user.exporting', async ({ tx, userId, add }) => {
    add({
      name: 'devices',
      tables: ['devices'],
      data: await exportRows(tx, devices, devices.userId, userId, ['userId', 'sessionUid', 'interactionUid']),
    });
    add({
      name: 'browsers',
      tables: ['known_browsers', 'remembered_browsers'],
      data: {
        used: await exportRows(tx, knownBrowsers, knownBrowsers.userId, userId, ['userId', 'keyHash']),
        remembered: await exportRows(tx, rememberedBrowsers, rememberedBrowsers.userId, userId, ['userId', 'id']),
      },
    });
  });
  // Account deleted: every device shows as logged out; the browsers it used are forgotten.
  events.subscribe('user.deleted', async ({ tx, userId }) => {
    await markUserDevicesLoggedOut(tx, userId, new Date());
    await forgetKnownBrowsers(tx, userId);
  });
}
