import { z } from 'zod';
import { featureEndpoints, pageQuery } from './endpoint.js';

// The activity log (spec account §2 Activity, §3 Activity log entry).

export const ACTIVITY_PAGE_SIZE = 10;
export const activityQuery = pageQuery(ACTIVITY_PAGE_SIZE);

export const activityEntrySchema = z.object({
  id: z.number().int(),
  /** HTML built from safe templates (every parameter escaped); render through DOMPurify. */
  actionText: z.string(),
  createdDate: z.string(),
});
export const activityPageSchema = z.object({ data: z.array(activityEntrySchema), totalRows: z.number().int() });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export type ActivityPage = z.infer<typeof activityPageSchema>;

const define = featureEndpoints('activity');

export const activityEndpoints = {
  list: define({
    method: 'GET',
    path: '/api/account/activity',
    summary: "One page of the user's activity log, newest first, in the reader's language",
    auth: 'user',
    input: activityQuery,
    output: activityPageSchema,
  }),
};
