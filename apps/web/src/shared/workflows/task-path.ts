/** What a link to a user task needs: the my-tasks item (GET /my-tasks/) carries all of it. */
export interface TaskLinkTarget {
  id: string;
  /** The execution's id. */
  execution: string;
  workflow_type: { id: string };
  /** The version the execution runs (the route's {workflowId}). */
  version: { id: string };
}

/**
 * Where a user task opens: its execution's detail with the task's form,
 * /workflows/{workflowType}/executions/{workflowId}/{executionId}?task={taskId}.
 */
export function taskPath(task: TaskLinkTarget): string {
  const e = encodeURIComponent;
  return `/workflows/${e(task.workflow_type.id)}/executions/${e(task.version.id)}/${e(task.execution)}?task=${e(task.id)}`;
}

/** Where an execution's detail opens. */
export function executionPath(execution: { id: string; workflow_type: { id: string }; version: { id: string } }): string {
  const e = encodeURIComponent;
  return `/workflows/${e(execution.workflow_type.id)}/executions/${e(execution.version.id)}/${e(execution.id)}`;
}
