import { describe, expect, it } from 'vitest';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { PERMISSION_KEYS } from '@faena/domain/permissions';
import type { AccessContext } from '../access/access.ts';
import { NAV_ITEMS } from './nav-items.ts';
import { matchesSection, SEARCH_ALIASES, SECTIONS, visibleSections } from './sections.ts';

const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({ permissions: ['VIEW_HOME'], isStaff: false, disabledModules: [], flags: ALL_FLAGS_ON, ...over });

describe('section search (P17: every built area found by its Spanish and English names)', () => {
  it('finds an area by its name in the other language, without accents, or by a synonym', () => {
    expect(matchesSection('Venues', 'Sedes', 'venues')).toBe(true);
    expect(matchesSection('sucursal', 'Sedes', 'venues')).toBe(true);
    expect(matchesSection('organizacion', 'Perfil de la organización', 'organizationProfile')).toBe(true);
    expect(matchesSection('documents', 'Documentos', 'documentTypes')).toBe(true);
    expect(matchesSection('data sou', 'Fuentes de datos', 'dataSources')).toBe(true);
    expect(matchesSection('Planos', 'Blueprints', 'blueprints')).toBe(true);
    expect(matchesSection('Planos', 'Sedes', 'venues')).toBe(false);
    expect(matchesSection('', 'Sedes', 'venues')).toBe(true);
  });

  it('has other names for every menu entry and every section', () => {
    for (const entry of [...NAV_ITEMS, ...SECTIONS]) expect(SEARCH_ALIASES[entry.key], entry.key).toBeDefined();
  });

  it('offers only the sections the person may open: catalogues of disabled modules and admin areas stay hidden', () => {
    const worker = visibleSections(ctx()).map((section) => section.key);
    expect(worker).toContain('organizationProfile');
    expect(worker).toContain('venues');
    expect(worker).not.toContain('dataSources');
    expect(worker).not.toContain('documentTypes');
    expect(worker).not.toContain('positions');
    const admin = visibleSections(ctx({ permissions: PERMISSION_KEYS, disabledModules: ['store'] })).map((section) => section.key);
    expect(admin).toEqual(expect.arrayContaining(['dataSources', 'documentTypes', 'positions', 'locations', 'companies', 'businessLines', 'blueprints']));
    expect(admin).not.toContain('stores');
  });
});
