import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/password.js';
import { CONTACT_EMAIL, countUsers, findUserByLoginName, insertUserWithContact } from './queries.js';

export const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  password: 'Portico@2026',
  firstName: 'Demo',
  lastName: 'User',
};

/** On a new database (no accounts but the operators `admin create` made), creates the demo account so a fresh start can be signed in to. */
export async function seedDemoAccount(db: Db, log: Logger): Promise<boolean> {
  // A new database: nobody but the operators `admin create` made, and no demo account yet.
  if ((await countUsers(db)) > 0 || (await findUserByLoginName(db, CONTACT_EMAIL, DEMO_ACCOUNT.email))) return false;
  await insertUserWithContact(
    db,
    {
      id: randomUUID(),
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    },
    { type: CONTACT_EMAIL, value: DEMO_ACCOUNT.email, isConfirmed: true },
  );
  log.info(`demo account created: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  return true;
}
