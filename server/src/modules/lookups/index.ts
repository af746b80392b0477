// Lookups (issue 28 point 2): schools, companies and block categories; searched, kept by the back
// office (features/lookups) and read by id for the profiles that name them (features/profiles).
export {
  findLookup,
  findLookups,
  insertLookup,
  type LookupRow,
  searchLookups,
  updateLookup,
} from './queries.js';
