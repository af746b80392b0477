/**
 * One feature's interface messages in both languages, side by side. vi-VN is the source: `en` must
 * hold exactly `vi`'s keys (a missing or extra key fails typecheck). Keys stay flat and global
 * (the spec's keys such as `error_username_empty` are used as they are, by the server and the web);
 * contracts/src/i18n/index.ts merges the feature files and a test refuses a key defined twice.
 */
export function defineMessages<V extends Record<string, string>>(messages: {
  vi: V;
  en: Record<keyof NoInfer<V>, string>;
}) {
  return messages;
}
