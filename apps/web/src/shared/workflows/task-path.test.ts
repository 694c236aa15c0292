import { describe, expect, it } from 'vitest';
import { executionPath, taskPath } from './task-path.ts';

describe('taskPath', () => {
  it('opens the execution detail with the task', () => {
    expect(taskPath({ id: 't1', execution: 'e1', workflow_type: { id: 'w1' }, version: { id: 'v1' } })).toBe('/workflows/w1/executions/v1/e1?task=t1');
  });
  it('encodes the parts', () => {
    expect(executionPath({ id: 'e 1', workflow_type: { id: 'w/1' }, version: { id: 'v1' } })).toBe('/workflows/w%2F1/executions/v1/e%201');
  });
});
