/** The workflows module's public face (decision 021): its routes, and what other modules may use. */
export { workflowsRoutes } from './workflows.routes.ts';
export { MESSAGE_QUEUE, TIMER_QUEUE, fireTimer } from './workflows.engine.ts';
export { createCategory, createType, createVersion, publishVersion, startExecutionOfType } from './workflows.service.ts';
export { seedDemoWorkflows } from './workflows.seed.ts';
export { myTasks } from './workflows.service.ts';
export { executionsForReports, type ExecutionFact } from './workflows.stats.ts';
export { executionStates, seedPublishedType, startEmbeddedExecution, workflowTypeRefs, type ExecutionState, type WorkflowTypeRef } from './workflows.embedded.ts';
