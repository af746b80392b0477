import { commonPasswordSet, isCommonPassword } from '@portico/contracts';
import { useEffect, useState } from 'react';

// The server refuses the 10,000 most common passwords (server/src/modules/password/policy.ts);
// the meter knows the same list, loaded on first use in a chunk of its own so that pages without
// a new-password field never download it.
let loading: Promise<ReadonlySet<string>> | undefined;

export const loadCommonPasswords = (): Promise<ReadonlySet<string>> =>
  (loading ??= import('@zxcvbn-ts/language-common').then((m) => commonPasswordSet(m.dictionary['passwords-common'])));

/** True or false once the list is loaded (it loads when a password is first typed), else undefined. */
export function useIsCommonPassword(password: string): boolean | undefined {
  const [list, setList] = useState<ReadonlySet<string>>();
  const wanted = password !== '';
  useEffect(() => {
    if (!wanted || list) return;
    let live = true;
    loadCommonPasswords().then(
      (loaded) => live && setList(loaded),
      () => undefined, // offline: the server still refuses it with error_password_common
    );
    return () => {
      live = false;
    };
  }, [wanted, list]);
  return list && wanted ? isCommonPassword(password, list) : undefined;
}
