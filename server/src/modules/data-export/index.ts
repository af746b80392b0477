// A person's data archive (issue 32 point 3): each module and feature that holds the person's rows
// adds its part on `user.exporting` (server/src/modules/events/index.ts ExportPart), reading them
// with `exportRows`; the archive is made by server/src/features/data-export. `tablesHoldingPeople`
// lists what must be covered (server/src/features/data-export/data-export.test.ts).
export { exportRows } from './queries.js';
export { tablesHoldingPeople } from './tables.js';
