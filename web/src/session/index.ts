export { loginPath, RequireAuth } from './RequireAuth';
export { ANONYMOUS, type Session, SessionProvider, type SessionUser, useSession } from './session';
