/** The permissions module's public face: what other modules may use. */
export { findPassportPermissions, grantPermissionsSql, mergePassportPermissions, permissionsOfPassports, setPassportPermissions } from './permissions.repository.ts';
