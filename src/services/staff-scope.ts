/**
 * Staff in their communities (decision 050): the one module that turns the signed-in account into its
 * `StaffScope` and the only way a staff query names communities. Every read or change of community-owned rows
 * goes through `narrow` (or `narrowShared` for files, where null is the builder's); web/staff-scope.ts attaches
 * the scope to each staff request once (`staffScopeOf(req)`).
 */
export {
  ALL_COMMUNITIES,
  NO_COMMUNITIES,
  inScope,
  scopeOf,
  type ScopedAccount,
  type StaffScope,
} from '../shared/staff-scope.js';
export {
  listScopeCommunities,
  loadStaffScope,
  loadStaffScopeByUsername,
  narrow,
  narrowShared,
  scopeOfAccount,
} from '../db/staff-scope.js';
