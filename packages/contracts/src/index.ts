export * from './common.ts';
export * from './tenant.ts';
export * from './auth.ts';
export * from './permissions.ts';
export * from './people.ts';
export * from './notifications.ts';
export * from './documents.ts';
