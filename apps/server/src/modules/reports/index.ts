/** The reports module's public face (decision 027): its routes, and what other modules may use. */
export { reportsRoutes } from './reports.routes.ts';
export { CHARTS } from './reports.charts.ts';
export { deliverReport, NOTIFY_QUEUE as REPORTS_NOTIFY_QUEUE } from './reports.service.ts';
export { seedDemoReports } from './reports.seed.ts';
