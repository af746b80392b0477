import { ACCOUNT_PATHS, type LanguageInput } from '@portico/contracts';
import { api } from '../../api/client';

/** PUT language: the default_language claim (spec account §2 Default-language page). */
export const setLanguage = (input: LanguageInput) => api.put<{ languageId: string }>(ACCOUNT_PATHS.language, input);
