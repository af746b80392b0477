import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '@portico/contracts';

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. @node-rs/argon2 runs on the
// libuv thread pool, so hashing never blocks the event loop.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// Passwords are hashed and compared in NFC (contracts/src/password.ts normalizePassword), so
// "Mật khẩu" typed as precomposed or decomposed text is the same password. Hashes made before
// that were all of ASCII passwords (the old rule allowed nothing else), which NFC leaves as is.
export const hashPassword = (plain: string) => hash(normalizePassword(plain), OPTIONS);

export const verifyPassword = async (phc: string | null | undefined, plain: string): Promise<boolean> => {
  if (!phc) return false;
  try {
    return await verify(phc, normalizePassword(plain));
  } catch {
    return false;
  }
};
