import { createContext, type ReactNode, useContext } from 'react';

// The session seam. Pages and guards read the signed-in state only through useSession().
// Today nothing provides a session, so everyone is anonymous; the OIDC issue mounts a
// provider (oidc-client-ts) that passes its state as `value` to <SessionProvider>.

/** name: the ID token's `name` (or a stand-in); givenName / familyName: its parts, when known. */
export type SessionUser = { sub: string; name: string; givenName?: string; familyName?: string };

export type Session =
  | { status: 'loading'; user?: undefined }
  | { status: 'anonymous'; user?: undefined }
  | { status: 'authenticated'; user: SessionUser };

export const ANONYMOUS: Session = { status: 'anonymous' };

const SessionContext = createContext<Session>(ANONYMOUS);

export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = (): Session => useContext(SessionContext);
