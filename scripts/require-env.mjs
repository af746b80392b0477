// `node scripts/require-env.mjs NAME ...`: stops (exit 2) naming each variable that is not set,
// so `npm run test:postgres` never runs on the embedded database by mistake.
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `${missing.join(', ')} must be set (e.g. postgres://postgres@127.0.0.1:5432/test, redis://127.0.0.1:6379)`,
  );
  process.exit(2);
}
