/** The permissions module's public face: what other modules may use. */
export { findPassportPermissions, grantIfNone, grantPermissionsSql, mergePassportPermissions, permissionsOfPassports, setPassportPermissions } from './permissions.repository.ts';
