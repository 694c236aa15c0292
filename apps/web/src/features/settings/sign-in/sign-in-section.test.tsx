import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TIdentityProvider } from '@faena/contracts';
import { jsonResponse, stubApi } from '../../../test/fetch.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SignInSection } from './sign-in-section.tsx';

const A = '/api/auth/v3';
const base = {
  slug: 'okta',
  enabled: true,
  scopes: ['openid', 'email', 'profile'],
  domains: ['acme.cl'],
  provisioning: 'existing' as const,
  default_position_ids: [],
  mapping: { name: 'name', email: 'email', groups: 'groups', group_positions: {} },
  redirect_uri: 'http://acme.localhost/api/auth/v3/sso/callback',
  created_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-12-01T00:00:00.000Z',
};
const oidc: TIdentityProvider = { ...base, id: 'p-oidc', type: 'OIDC', method_id: 'oidc.okta', name: 'Okta', issuer: 'https://acme.okta.com', client_id: 'faena', has_client_secret: true, saml: null };
const saml: TIdentityProvider = {
  ...base,
  id: 'p-saml',
  type: 'SAML',
  slug: 'entra',
  method_id: 'saml.entra',
  name: 'Entra',
  issuer: 'https://sts.windows.net/tenant/',
  client_id: '',
  has_client_secret: false,
  saml: {
    sp_entity_id: 'http://acme.localhost/api/auth/v3/sso/saml/p-saml/metadata',
    acs_url: 'http://acme.localhost/api/auth/v3/sso/saml/p-saml/acs',
    sp_metadata_url: 'http://acme.localhost/api/auth/v3/sso/saml/p-saml/metadata',
    idp_metadata_url: 'https://login.microsoftonline.com/tenant/federationmetadata.xml',
    idp_sso_url: 'https://login.microsoftonline.com/tenant/saml2',
    idp_certificates: [{ fingerprint_sha256: 'AA:BB', not_after: '2027-06-30T00:00:00.000Z' }],
    metadata_read_at: '2026-12-01T00:00:00.000Z',
    idp_wants_signed_requests: false,
    sign_requests: false,
    sp_certificate: null,
    allow_idp_initiated: false,
  },
};

interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

function api(answers: { create?: Response } = {}) {
  const sent: Sent[] = [];
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null });
    if (url.startsWith(`${A}/sign-in-settings`)) return { methods: ['PASSWORD'] };
    if (url.startsWith('/api/audiences/v3/positions/')) return { count: 1, next: null, previous: null, results: [{ id: 'pos-1', title: 'Supervisión' }] };
    if (url === `${A}/sso/providers` && method === 'POST') return answers.create ?? jsonResponse({}, 201);
    if (url === `${A}/sso/providers`) return [oidc, saml];
    if (url.startsWith(`${A}/sso/providers/`) && method === 'PATCH') return { ...oidc, ...(JSON.parse(String(init!.body)) as object) };
    if (url.startsWith(`${A}/sso/providers/`) && method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
  return sent;
}

const render = () => renderRoutes([{ path: '/settings', element: <SignInSection /> }], { path: '/settings' });

afterEach(() => vi.unstubAllGlobals());

describe('Settings → sign-in: identity providers (decision 029)', () => {
  it('lists OIDC and SAML providers with what to register at each', async () => {
    api();
    await render();
    const cards = await screen.findAllByTestId('provider');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('http://acme.localhost/api/auth/v3/sso/callback')).toBeTruthy();
    expect(within(cards[1]!).getByText('SAML 2.0')).toBeTruthy();
    expect(within(cards[1]!).getByText(saml.saml!.acs_url)).toBeTruthy();
    expect(within(cards[1]!).getByText(saml.saml!.sp_entity_id)).toBeTruthy();
  });

  it('edits a provider in place: fields filled, the secret write-only (blank keeps it), a group mapped to positions', async () => {
    const sent = api();
    await render();
    const [card] = await screen.findAllByTestId('provider');
    fireEvent.click(within(card!).getByTestId('edit-provider'));
    const form = await screen.findByRole('form', { name: 'Editar Okta' });
    expect((within(form).getByTestId('provider-issuer') as HTMLInputElement).value).toBe('https://acme.okta.com');
    expect((within(form).getByTestId('provider-secret') as HTMLInputElement).value).toBe('');
    expect(within(form).getByText(/Déjalo en blanco para conservarlo/)).toBeTruthy();
    fireEvent.change(within(form).getByTestId('provider-name'), { target: { value: 'Okta Acme' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar grupo' }));
    fireEvent.change(within(form).getByLabelText('Grupo'), { target: { value: 'supervisores' } });
    fireEvent.click(within(form).getByTestId('save-provider'));
    await waitFor(() => expect(sent.find((s) => s.method === 'PATCH')).toBeTruthy());
    const patch = sent.find((s) => s.method === 'PATCH')!;
    expect(patch.url).toBe(`${A}/sso/providers/p-oidc`);
    expect(patch.body).toMatchObject({ name: 'Okta Acme', issuer: 'https://acme.okta.com', client_id: 'faena', domains: ['acme.cl'], enabled: true });
    expect(patch.body).not.toHaveProperty('client_secret');
    // a group with no position is not sent
    expect(patch.body!.mapping).toMatchObject({ group_positions: {} });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar Okta' })).toBeNull());
  });

  it('editing a SAML provider keeps its metadata unless asked to read it again', async () => {
    const sent = api();
    await render();
    const cards = await screen.findAllByTestId('provider');
    fireEvent.click(within(cards[1]!).getByTestId('edit-provider'));
    const form = await screen.findByRole('form', { name: 'Editar Entra' });
    expect(within(form).queryByTestId('provider-client-id')).toBeNull();
    expect((within(form).getByTestId('provider-metadata-url') as HTMLInputElement).value).toBe(saml.saml!.idp_metadata_url);
    fireEvent.click(within(form).getByTestId('save-provider'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(1));
    expect(sent[0]!.body).not.toHaveProperty('idp_metadata_url');
    expect(sent[0]!.body).not.toHaveProperty('client_id');
  });

  it('creates a SAML provider from its metadata address and shows the server’s refusal beside the field', async () => {
    const sent = api({
      create: jsonResponse({ code: 'validation-error', detail: 'Invalid input', errors: { idp_metadata_url: ['The metadata could not be fetched: It could not be reached.'] } }, 400),
    });
    await render();
    fireEvent.click(await screen.findByTestId('add-provider'));
    const form = await screen.findByRole('form', { name: 'Agregar proveedor' });
    fireEvent.click(within(form).getByText('SAML 2.0'));
    fireEvent.change(within(form).getByTestId('provider-name'), { target: { value: 'Entra 2' } });
    fireEvent.change(within(form).getByTestId('provider-metadata-url'), { target: { value: 'https://idp.example.com/metadata' } });
    fireEvent.click(within(form).getByTestId('save-provider'));
    expect(await within(form).findByText('The metadata could not be fetched: It could not be reached.')).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ type: 'SAML', name: 'Entra 2', idp_metadata_url: 'https://idp.example.com/metadata', allow_idp_initiated: false });
    expect(sent[0]!.body).not.toHaveProperty('client_id');
    // signing left untouched: the server follows the IdP metadata (WantAuthnRequestsSigned)
    expect(sent[0]!.body).not.toHaveProperty('sign_requests');
  });

  it('a SAML provider’s switches: sign the requests, allow sign-in from the provider', async () => {
    const sent = api();
    await render();
    const cards = await screen.findAllByTestId('provider');
    fireEvent.click(within(cards[1]!).getByTestId('edit-provider'));
    const form = await screen.findByRole('form', { name: 'Editar Entra' });
    const input = (testId: string) => {
      const element = within(form).getByTestId(testId);
      return (element instanceof HTMLInputElement ? element : element.querySelector('input'))!;
    };
    expect(within(form).getByText('Firmar las solicitudes de inicio de sesión')).toBeTruthy();
    expect(within(form).getByText('Permitir inicio desde el proveedor')).toBeTruthy();
    const sign = input('provider-sign-requests');
    const idp = input('provider-allow-idp-initiated');
    expect(sign.checked).toBe(false);
    expect(idp.checked).toBe(false);
    fireEvent.click(sign);
    fireEvent.click(idp);
    fireEvent.click(within(form).getByTestId('save-provider'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ sign_requests: true, allow_idp_initiated: true });
  });

  it('deletes a provider only after confirming', async () => {
    const sent = api();
    await render();
    const [card] = await screen.findAllByTestId('provider');
    fireEvent.click(within(card!).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Nadie podrá volver a entrar con Okta/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', url: `${A}/sso/providers/p-oidc`, body: null }]));
  });
});
