import { describe, expect, it } from 'vitest';
import { hasAnyPermission, hasPermissions, isPermissionKey, PERMISSION_KEYS, PERMISSIONS } from '../src/permissions.ts';

describe('permission keys (spec shell §6)', () => {
  it('lists exactly the keys of the spec, each with its meaning', () => {
    expect([...PERMISSION_KEYS].sort()).toEqual(
      [
        'VIEW_HOME',
        'VIEW_NOTIFICATIONS',
        'VIEW_REPORTS',
        'MANAGE_REPORTS',
        'VIEW_WF',
        'MANAGE_WF',
        'VIEW_TASKS',
        'MANAGE_TASKS',
        'VIEW_PEOPLE',
        'MANAGE_PEOPLE',
        'IMPERSONATE_USERS',
        'VIEW_ORG_CHART',
        'MANAGE_ORG_CHART',
        'VIEW_ASSETS',
        'MANAGE_ASSETS',
        'ADMIN_ASSETS',
        'MANAGE_DATA_SOURCES',
        'MANAGE_DOCUMENTATIONS',
        'VIEW_SETTINGS',
        'MANAGE_POSTS',
        'VIEW_CHECKLISTS',
        'MANAGE_CHECKLISTS',
      ].sort(),
    );
    for (const key of PERMISSION_KEYS) expect(PERMISSIONS[key].length).toBeGreaterThan(0);
    expect(PERMISSIONS.VIEW_PEOPLE).toBe('organization menu and people list');
    expect(PERMISSIONS.IMPERSONATE_USERS).toBe('impersonate button in person detail');
  });

  it('never treats the internal-staff flag as a permission key', () => {
    expect(isPermissionKey('is_staff')).toBe(false);
    expect(isPermissionKey('STAFF')).toBe(false);
  });

  it('recognises keys exactly (case-sensitive, own properties only)', () => {
    expect(isPermissionKey('VIEW_HOME')).toBe(true);
    expect(isPermissionKey('view_home')).toBe(false);
    expect(isPermissionKey('')).toBe(false);
    expect(isPermissionKey('toString')).toBe(false);
    expect(isPermissionKey('__proto__')).toBe(false);
    expect(isPermissionKey('hasOwnProperty')).toBe(false);
  });

  it('hasPermissions needs every required key; an empty requirement needs none', () => {
    expect(hasPermissions([], [])).toBe(true);
    expect(hasPermissions(['VIEW_HOME'], [])).toBe(true);
    expect(hasPermissions(['VIEW_HOME', 'VIEW_PEOPLE'], ['VIEW_PEOPLE'])).toBe(true);
    expect(hasPermissions(['VIEW_PEOPLE'], ['VIEW_PEOPLE', 'MANAGE_PEOPLE'])).toBe(false);
    expect(hasPermissions([], ['VIEW_HOME'])).toBe(false);
  });

  it('hasAnyPermission needs at least one of the keys', () => {
    expect(hasAnyPermission(['MANAGE_ASSETS'], ['VIEW_ASSETS', 'MANAGE_ASSETS', 'ADMIN_ASSETS'])).toBe(true);
    expect(hasAnyPermission(['VIEW_HOME'], ['VIEW_ASSETS', 'MANAGE_ASSETS'])).toBe(false);
    expect(hasAnyPermission(['VIEW_HOME'], [])).toBe(false);
  });
});
