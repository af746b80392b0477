import { contactsEndpoints as E, profileEndpoints as PE } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../testing/account.js';
import { useTestApp } from '../../testing/app.js';

describe('row ids from clients', () => {
  const t = useTestApp();

  it('answers not_found (a 400, never a database error) for ids beyond the int4 range', async () => {
    const user = await signedInUser(t, { steppedUp: true, email: 'ids@example.com' });
    for (const res of [
      await user.call('PUT', E.setPrimary.path, { id: 3_000_000_000 }),
      await user.call('DELETE', `${E.remove.path}?userPhoneEmailId=99999999999`),
      await user.call('PUT', PE.cancelLinking.path, { claimId: 3_000_000_000, providerName: 'Google' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().exception.message).toBe('not_found');
    }
  });
});
