// The activity log as a module: the one way to write an entry, the action names, the reading
// queries, and its subscribers to the domain events. The log page is server/src/features/activity.
export { ACTIVITY } from './actions.js';
export { subscribeActivity } from './events.js';
export { type ActivityLog, insertActivity, listActivityPage, type NewActivity } from './queries.js';
export { activityText, renderActivity } from './render.js';
