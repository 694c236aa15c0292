/** The auth module's public face: what other modules may use. */
export { createInvite, insertInvitations, mailInvitations } from './auth.service.ts';
export { credentialStatus, signOutEverywhere } from './credentials.service.ts';
export { sendPasswordReset } from './password-reset.service.ts';
export { ensureUser, hashPassword } from './users.service.ts';
export { openInviteSql } from './invites.repository.ts';
export { tenantSignInMethods } from './sso.providers.ts';
