import { Navigate } from 'react-router';
import { useLocale } from '../../hooks/useLocale';

/** `/` for now: the account home in the same language. */
export function HomeRedirect() {
  const { to } = useLocale();
  return <Navigate replace to={to('/account')} />;
}
