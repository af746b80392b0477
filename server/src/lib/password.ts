import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. @node-rs/argon2 runs on the
// libuv thread pool, so hashing never blocks the event loop.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export const verifyPassword = async (phc: string | null | undefined, plain: string): Promise<boolean> => {
  if (!phc) return false;
  try {
    return await verify(phc, plain);
  } catch {
    return false;
  }
};
