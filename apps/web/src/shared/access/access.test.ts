import { describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '@faena/domain/feature-flags';
import { ACCESS, accessProblem, type AccessContext } from './access.ts';

const ctx = (permissions: string[], flags: Partial<Record<string, boolean>> = PRODUCTION_FLAGS): AccessContext => ({ permissions, isStaff: false, disabledModules: [], flags });

describe('directory access rules (spec §6, §9)', () => {
  it('manages positions under the production flags, where the chart itself is off', () => {
    const manager = ctx(['VIEW_ORG_CHART', 'MANAGE_ORG_CHART']);
    expect(accessProblem(ACCESS.positions, manager)).toBeNull();
    expect(accessProblem(ACCESS.orgChart, manager)).toBe('flag');
    expect(accessProblem(ACCESS.orgChart, ctx(['VIEW_ORG_CHART'], ALL_FLAGS_ON))).toBeNull();
    expect(accessProblem(ACCESS.positions, ctx(['MANAGE_ORG_CHART'], { ...PRODUCTION_FLAGS, manage_positions: false }))).toBe('flag');
    expect(accessProblem(ACCESS.positions, ctx(['VIEW_ORG_CHART']))).toBe('permission');
  });

  it('bulk-loads people with MANAGE_PEOPLE while the mass person upload flag is on', () => {
    expect(accessProblem(ACCESS.peopleUpload, ctx(['MANAGE_PEOPLE']))).toBeNull();
    expect(accessProblem(ACCESS.peopleUpload, ctx(['MANAGE_PEOPLE'], { ...PRODUCTION_FLAGS, massive_person_upload: false }))).toBe('flag');
    expect(accessProblem(ACCESS.peopleUpload, ctx(['VIEW_PEOPLE']))).toBe('permission');
  });
});
