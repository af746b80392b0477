import { authEndpoints, type InteractionDetails, interactionDetailsSchema } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/endpoint';
import { inlineData } from '../lib/inlineData';

/** The interaction's details the server wrote into this login page (server/src/web/static.ts), if for `uid`. */
export const inlineInteraction = (uid: string, doc: Document = document): InteractionDetails | undefined => {
  const details = inlineData('portico-interaction', interactionDetailsSchema, doc);
  return details?.uid === uid ? details : undefined;
};

/**
 * A pending sign-in's details: read by the login page (the card) and by the public pages' banner
 * (the client's brand, web/src/settings/useBrand.ts); the page's own inline copy when it was
 * opened for it, so neither calls before the form; the first paint fills it on the server.
 */
export const interactionQuery = (uid: string) =>
  queryOptions({
    queryKey: ['interaction', uid] as const,
    queryFn: () => call(authEndpoints.interaction, { uid }),
    initialData: () => inlineInteraction(uid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
