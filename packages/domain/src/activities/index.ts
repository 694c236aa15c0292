export * from './constants.ts';
export * from './status.ts';
export * from './recurrence-id.ts';
export * from './recurrence.ts';
