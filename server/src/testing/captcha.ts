import { solveChallenge } from 'altcha-lib';
import type { TestApp } from './app.js';

/** A solved ALTCHA answer from the app's own challenge (keep ALTCHA_MAX_NUMBER small in tests). */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = (await t.deps.captcha.challenge?.()) as {
    challenge: string;
    salt: string;
    algorithm: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString('base64');
}
