// Work that must run once across copies (issue 33 point 4): expired rows purged; a job runs at
// most once per interval whichever copy wakes first (docs/scaling.md, "Work that runs once").
export { createHousekeeping, EXPIRING, type Housekeeping, type Job, purgeExpiredJob } from './service.js';
