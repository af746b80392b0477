import { contactsEndpoints } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/endpoint';

/**
 * The primary e-mail and phone: read by the change and activate pages, refreshed by the e-mail and
 * phone pages after a change. Reads that several features share live in web/src/queries, so that
 * no feature imports another (scripts/check-boundaries.mjs).
 */
export const contactInfoQuery = queryOptions({
  queryKey: ['contacts', 'info'] as const,
  queryFn: () => call(contactsEndpoints.contactInfo, {}),
});
