import { describe, expect, it } from 'vitest';
import type { TWorkflowType } from '@faena/contracts';
import { dispatchable } from './use-workflow-menu.ts';

const type = (id: string, over: Partial<TWorkflowType> = {}): TWorkflowType => ({
  id,
  name: `Tipo ${id}`,
  description: '',
  icon: 'truck',
  category: null,
  is_archived: false,
  is_dispatchable: true,
  active_version: { id: `v-${id}`, number: 1 },
  latest_version: null,
  created_at: '2026-12-05T10:00:00.000Z',
  updated_at: '2026-12-05T10:00:00.000Z',
  ...over,
});

describe('dispatchable workflows (phone tabs)', () => {
  it('are the published, unarchived types their administrator leaves as tabs', () => {
    const types = [type('a'), type('b', { is_dispatchable: false }), type('c', { is_archived: true }), type('d', { active_version: null })];
    expect(dispatchable(types)).toEqual([{ id: 'a', name: 'Tipo a', icon: 'truck' }]);
  });
});
