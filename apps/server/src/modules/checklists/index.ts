/** The checklists module's public face (decision 026): its routes, and what other modules may use. */
export { checklistsRoutes } from './checklists.routes.ts';
export { seedDemoChecklists } from './checklists.seed.ts';
export { scoresForReports, type ScoreFact } from './checklists.stats.ts';
