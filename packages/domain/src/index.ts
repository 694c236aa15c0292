export * from './tenant-discovery.ts';
export * from './permissions.ts';
export * from './feature-flags.ts';
export * from './sign-in-methods.ts';
export * from './password-policy.ts';
export * from './email.ts';
export * from './version.ts';
export * from './client-config.ts';
