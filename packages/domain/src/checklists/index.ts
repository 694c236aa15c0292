/** Checklists (issue 43, decision 026): item settings, scoring, configuration rules, draft upgrade. */
export * from './settings.ts';
export * from './scoring.ts';
export * from './config.ts';
export * from './versions.ts';
