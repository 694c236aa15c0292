import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testTenant } from '../../test/render.tsx';
import { parseServerTenant, toClientTenant } from '../tenant/tenant.ts';
import { TenantProvider, useUpdateTenant } from '../tenant/tenant-context.tsx';
import { applyThemeColor, FAENA_THEME_COLOR } from './theme-color.ts';

const metas = () => [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];

beforeEach(() => {
  for (const meta of metas()) meta.remove();
});

/** Decision 030: the page's meta theme-color is the organisation's brand colour once the tenant is known. */
describe('meta theme-color', () => {
  it('follows the tenant the shell read: its brand colour, Faena’s teal without one', () => {
    // index.html's tag, as the page starts
    const initial = document.createElement('meta');
    initial.name = 'theme-color';
    initial.content = FAENA_THEME_COLOR;
    document.head.append(initial);
    const view = render(<TenantProvider tenant={testTenant({ brandColor: '#0b3d91' })}>{null}</TenantProvider>);
    expect(metas().map((meta) => meta.content)).toEqual(['#0b3d91']);
    view.rerender(<TenantProvider tenant={testTenant()}>{null}</TenantProvider>);
    expect(metas().map((meta) => meta.content)).toEqual([FAENA_THEME_COLOR]);
  });

  it('takes a colour saved on the profile screen at once', () => {
    let change: ReturnType<typeof useUpdateTenant> = () => undefined;
    function Probe() {
      change = useUpdateTenant();
      return null;
    }
    render(
      <TenantProvider tenant={testTenant()}>
        <Probe />
      </TenantProvider>,
    );
    expect(metas().map((meta) => meta.content)).toEqual([FAENA_THEME_COLOR]);
    act(() => change({ brandColor: '#c2255c' }));
    expect(metas().map((meta) => meta.content)).toEqual(['#c2255c']);
    act(() => change({ brandColor: null }));
    expect(metas().map((meta) => meta.content)).toEqual([FAENA_THEME_COLOR]);
  });

  it('adds the tag when the page has none', () => {
    applyThemeColor('#123abc');
    expect(metas().map((meta) => meta.content)).toEqual(['#123abc']);
  });

  it('reads the colour from GET /api/tenant: lower case, and only a #rrggbb one', () => {
    const server = { id: 't1', name: 'Acme', firebase_tenant_id: null, firebase_sign_in_methods: ['PASSWORD'] };
    expect(toClientTenant(parseServerTenant({ ...server, brand_color: '#C2255C' }), 'demo').brandColor).toBe('#c2255c');
    expect(toClientTenant(parseServerTenant({ ...server, brand_color: null }), 'demo').brandColor).toBeNull();
    // a record kept from before the field existed (offline start)
    expect(toClientTenant(parseServerTenant(server), 'demo').brandColor).toBeNull();
    expect(toClientTenant(parseServerTenant({ ...server, brand_color: 'url(javascript:x)' }), 'demo').brandColor).toBeNull();
  });
});
