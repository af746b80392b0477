import { formatPersonName, nameInitials } from '@portico/contracts';
import { useLocale } from '../hooks/useLocale';
import { useSession } from './session';
import { useCurrentUser } from './useCurrentUser';

/**
 * The signed-in user's name as the page's language writes it (contracts/src/names.ts: family
 * name first in Vietnamese, given name first in English) and its initials; the same in the
 * header and the welcome text. The server's current answer wins over the ID token (it follows
 * an edit at once); with no name, the e-mail or the token's `name` stands in. '' when anonymous.
 */
export function useUserName(): { name: string; initials: string } {
  const { locale } = useLocale();
  const session = useSession();
  const current = useCurrentUser();
  const parts = current
    ? { firstName: current.first_name, lastName: current.last_name }
    : { firstName: session.user?.givenName, lastName: session.user?.familyName };
  const name = formatPersonName(parts, locale) || current?.email || session.user?.name || '';
  return { name, initials: nameInitials(name, locale) };
}
