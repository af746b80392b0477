import { type LanguageInput, profileEndpoints } from '@portico/contracts';
import { call } from '../../api/endpoint';

/** PUT language: the default_language claim (spec account §2 Default-language page). */
export const setLanguage = (input: LanguageInput) => call(profileEndpoints.language, input);
