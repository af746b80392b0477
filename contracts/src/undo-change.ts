import { z } from 'zod';
import { doneSchema, featureEndpoints } from './endpoint.js';

// Undoing a change to how an account signs in or recovers (issue 24 point 5): every such change
// (a new primary e-mail or phone, an added sign-in address, sign-in turned on, a recovery way)
// sends the account's primary e-mail a security message with a single-use link; following it
// reverts the change and signs every device out. Served by server/src/features/undo-change, the
// page is web/src/features/undo-change.

/**
 * The page a security e-mail links to (`?token=`): it undoes the change it names (issue 24 point 5).
 * The link holds for UNDO_LINK_DAYS and once.
 */
export const UNDO_CHANGE_PAGE = '/undo-change';
export const UNDO_LINK_DAYS = 7;
export const undoChangeInput = z.object({
  token: z.string().min(1, 'undo_link_invalid').max(200, 'undo_link_invalid'),
});

/** What a security e-mail about a sign-in or recovery change names (its message key is `mail_change_<kind>`). */
export const SIGN_IN_CHANGES = [
  'email_changed',
  'phone_changed',
  'contact_added',
  'allow_login_on',
  'primary_changed',
  'recovery_set',
  'password_set',
  'passkey_added',
] as const;
export type SignInChange = (typeof SIGN_IN_CHANGES)[number];

const define = featureEndpoints('undo-change');

export const undoChangeEndpoints = {
  undo: define({
    method: 'POST',
    path: '/api/account/undo-change',
    summary:
      'Undoes a change to how the account signs in or recovers with the link the security e-mail gave its owner (single use, UNDO_LINK_DAYS), and signs every device out',
    auth: 'public',
    input: undoChangeInput,
    output: doneSchema,
    errors: ['undo_link_invalid'],
  }),
};
