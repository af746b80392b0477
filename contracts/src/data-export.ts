import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

// Download my data (issue 32 point 3; /security/data): one button prepares, in the background, a
// ZIP archive of everything Portico holds about the person: data.json (machine-readable),
// index.html (readable, in the person's language) and their private files (KYC images,
// certificates, the avatar). The archive lives EXPORT_HOURS; only the same account can fetch it,
// through a short-lived signed link the page asks for. Each module contributes its own part
// (server/src/modules/data-export); a test fails when a table with a user column has none.

/** The page of the portal where the archive is asked for and downloaded (the ready e-mail links to it). */
export const DATA_EXPORT_PAGE = '/security/data';
/** How long a prepared archive can be downloaded. */
export const EXPORT_HOURS = 24;
/** An archive not made within this long is answered as failed (the copy making it stopped), so a new one can be asked for. */
export const EXPORT_PREPARE_MINUTES = 15;
/** Archives one account may ask for a day. */
export const EXPORTS_PER_DAY = 5;

/**
 * The parts of an archive, in the order index.html shows them; each is a key of data.json and
 * has a title (`export_part_<name>`).
 */
export const EXPORT_PARTS = [
  'account',
  'contacts',
  'claims',
  'profiles',
  'addresses',
  'devices',
  'browsers',
  'passkeys',
  'two_factor',
  'connected_apps',
  'activity',
  'notifications',
  'kyc',
  'guardian',
  'files',
  'orders',
  'points',
  'groups',
  'admin_actions',
  'codes',
  'flows',
] as const;
export type ExportPartName = (typeof EXPORT_PARTS)[number];

export const dataExportSchema = z.object({
  /** preparing: being built; ready: can be downloaded until expiresTime; failed: try again. */
  state: z.enum(['preparing', 'ready', 'failed']),
  requestedTime: z.string(),
  /** When the archive stops being downloadable (ready only). */
  expiresTime: z.string().nullable(),
  /** The archive's size in bytes (ready only). */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

const define = featureEndpoints('data-export');

export const dataExportEndpoints = {
  status: define({
    method: 'GET',
    path: '/api/account/data-export',
    summary: "The person's latest archive of their data, if one is being prepared or can be downloaded",
    auth: 'user',
    output: dataExportSchema.nullable(),
  }),
  request: define({
    method: 'POST',
    path: '/api/account/data-export',
    summary:
      'Starts preparing an archive of everything held about the person (it replaces the previous one); an e-mail says when it is ready. Needs the step-up proof',
    auth: 'user',
    stepUp: true,
    output: dataExportSchema,
    errors: ['too_many_requests'],
  }),
  link: define({
    method: 'POST',
    path: '/api/account/data-export/link',
    summary:
      'A link that downloads the ready archive, valid a few minutes; the download is written to the activity log',
    auth: 'user',
    output: z.object({ url: z.string(), fileName: z.string() }),
    errors: ['not_found'],
  }),
};
