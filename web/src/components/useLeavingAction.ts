import { useMutation } from '@tanstack/react-query';

/**
 * An action that ends by leaving the page (a redirect, a sign-out): `busy` says which one runs,
 * and stays set once it succeeded, while the browser leaves; a failure frees the buttons and is
 * in `error` (the sign-out page, the consent screen, restarting a sign-in).
 */
export function useLeavingAction<K>(run: (which: K) => Promise<unknown>) {
  const action = useMutation({ mutationFn: run });
  return {
    busy: action.isPending || action.isSuccess ? (action.variables ?? null) : null,
    error: action.isError ? action.error : null,
    start: (which: K) => action.mutate(which),
  };
}
