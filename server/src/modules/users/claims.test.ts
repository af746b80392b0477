import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { openTestDatabase } from '../../db/testing.js';
import { createUser } from '../../testing/users.js';
import { accountClaims, userClaims } from './claims.js';
import { findAccount, findUserById } from './queries.js';

describe('OIDC claims', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const claimsOf = async (languageId: string, email: string) => {
    const { id } = await createUser(database.db, { email, firstName: 'Văn A', lastName: 'Nguyễn', languageId });
    return userClaims(database.db, (await findUserById(database.db, id))!);
  };

  it("writes `name` as the user's language writes names (issue 8, point 23)", async () => {
    expect(await claimsOf('vi-VN', 'vi@example.com')).toMatchObject({
      name: 'Nguyễn Văn A',
      given_name: 'Văn A',
      family_name: 'Nguyễn',
      locale: 'vi-VN',
    });
    expect(await claimsOf('en-US', 'en@example.com')).toMatchObject({
      name: 'Văn A Nguyễn',
      given_name: 'Văn A',
      family_name: 'Nguyễn',
      locale: 'en-US',
    });
  });

  it('reads the same claims in one statement with the account (findAccount, what tokens use)', async () => {
    const { id } = await createUser(database.db, { email: 'one@example.com', firstName: 'B', lastName: 'Trần' });
    const account = await findAccount(database.db, id);
    expect(account?.email).toEqual({ value: 'one@example.com', isConfirmed: true });
    expect(account?.phone).toBeNull();
    expect(accountClaims(account!)).toEqual(await userClaims(database.db, (await findUserById(database.db, id))!));
    expect(await findAccount(database.db, 'no-such-user')).toBeUndefined();
  });
});
