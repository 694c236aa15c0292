import { describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON, FEATURE_FLAG_NAMES, PRODUCTION_FLAGS, resolveFlags, TOGGLEABLE_MODULES } from '../src/feature-flags.ts';

describe('feature flags (spec shell §3)', () => {
  it('has the production values of the spec', () => {
    for (const on of [
      'data_sources',
      'document_manager',
      'modules',
      'upload_documents',
      'manage_positions',
      'massive_person_upload',
      'multiple_element_fields',
      'validators',
      'kanban',
      'workflow_execution_side_panel',
      'exclusive_gateway',
      'user_task_notification_config',
      'task_manager_home',
      'plural_image_inputs',
    ] as const) {
      expect(PRODUCTION_FLAGS[on], on).toBe(true);
    }
    for (const off of ['assets', 'assets_tab', 'asset_admin', 'settings', 'profile_editing', 'qr_generator', 'org_chart', 'reports_by_email', 'magic_link', 'oidc', 'saml'] as const) {
      expect(PRODUCTION_FLAGS[off], off).toBe(false);
    }
  });

  it('ALL_FLAGS_ON turns on every flag and names no other', () => {
    expect(Object.keys(ALL_FLAGS_ON).sort()).toEqual([...FEATURE_FLAG_NAMES].sort());
    expect(Object.values(ALL_FLAGS_ON).every((value) => value === true)).toBe(true);
  });

  it('resolveFlags fills missing flags with the production defaults', () => {
    expect(resolveFlags(undefined)).toEqual(PRODUCTION_FLAGS);
    expect(resolveFlags(null)).toEqual(PRODUCTION_FLAGS);
    expect(resolveFlags({})).toEqual(PRODUCTION_FLAGS);
    expect(resolveFlags({ magic_link: true })).toEqual({ ...PRODUCTION_FLAGS, magic_link: true });
    expect(resolveFlags({ kanban: false }).kanban).toBe(false);
  });

  it('resolveFlags keeps only booleans of known flags', () => {
    const flags = resolveFlags({ magic_link: 'true', kanban: 0, unknown_flag: true, assets: null });
    expect(flags).toEqual(PRODUCTION_FLAGS);
    expect(flags).not.toHaveProperty('unknown_flag');
  });

  it('resolveFlags does not share state between calls', () => {
    const first = resolveFlags({});
    first.kanban = false;
    expect(resolveFlags({}).kanban).toBe(true);
    expect(PRODUCTION_FLAGS.kanban).toBe(true);
  });

  it('lists the modules a tenant may disable', () => {
    expect(TOGGLEABLE_MODULES).toEqual(['asset', 'store', 'location', 'company', 'business_line']);
  });
});
