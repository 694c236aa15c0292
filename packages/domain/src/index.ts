export * from './tenant-discovery.ts';
export * from './permissions.ts';
export * from './feature-flags.ts';
export * from './sign-in-methods.ts';
export * from './password-policy.ts';
export * from './email.ts';
export * from './version.ts';
export * from './client-config.ts';
export * from './forms/index.ts';
export * from './identity-documents.ts';
export * from './audiences.ts';
export * from './import-headers.ts';
export * from './person-search.ts';
// Activities: the light rules (the recurrence engine is '@faena/domain/activities/index', it pulls Temporal).
export * from './activities/constants.ts';
export * from './activities/status.ts';
export * from './activities/recurrence-id.ts';
