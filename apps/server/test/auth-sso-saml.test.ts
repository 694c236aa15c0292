import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DOMAIN, engines, makeTenant, setFlags, signIn, startServer, type TestServer } from './harness.ts';
import { startSamlIdp, type AuthnRequest, type Bend, type SamlAccount, type TestSamlIdp } from './auth-sso-saml-idp.ts';

const A = '/api/auth/v3';

interface SamlProvider {
  id: string;
  method_id: string;
  issuer: string;
  has_client_secret: boolean;
  saml: {
    sp_entity_id: string;
    acs_url: string;
    sp_metadata_url: string;
    idp_metadata_url: string | null;
    idp_sso_url: string;
    idp_certificates: { fingerprint_sha256: string; not_after: string | null }[];
    idp_wants_signed_requests: boolean;
    sign_requests: boolean;
    sp_certificate: { pem: string; fingerprint_sha256: string; not_after: string | null } | null;
    allow_idp_initiated: boolean;
  };
}

const certOf = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');

interface Started {
  request: AuthnRequest;
  state: string;
  location: URL;
}

describe.each(engines())('federated sign-in (SAML 2.0) against a signing IdP on %s', (engine) => {
  let server: TestServer;
  let idp: TestSamlIdp;
  let acmeId: string;
  let admin: string;
  let saml: SamlProvider;
  let positionId: string;

  beforeAll(async () => {
    server = await startServer(engine, { env: { SSO_ALLOW_LOCAL_PROVIDERS: 'true' } });
    const acme = await makeTenant(server, 'acme');
    acmeId = acme.tenant.id;
    await makeTenant(server, 'beta');
    await setFlags(server, acmeId, { saml: true, magic_link: true });
    admin = (await signIn(server, 'acme', acme.adminEmail, acme.adminPassword)).id_token;
    idp = await startSamlIdp();
    const position = await server.api('acme', '/api/audiences/v3/positions/', { method: 'POST', token: admin, json: { title: 'Supervisores SAML', is_root: true } });
    expect(position.status, await position.clone().text()).toBe(201);
    positionId = (await body<{ id: string }>(position)).id;
    // the metadata is fetched from its address (through safe-fetch; local addresses allowed by the test's setting)
    const created = await server.api('acme', `${A}/sso/providers`, {
      method: 'POST',
      token: admin,
      json: {
        type: 'SAML',
        name: 'Entra',
        slug: 'entra',
        idp_metadata_url: idp.metadataUrl,
        domains: ['acme.test'],
        provisioning: 'create',
        mapping: { name: 'name', email: 'email', groups: 'groups', group_positions: { supervisors: [positionId] } },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    saml = await body<SamlProvider>(created);
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const api = (path: string, init: Parameters<TestServer['api']>[2] = {}, sub = 'acme') => server.api(sub, path, init);
  const fragment = (response: Response) => new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));

  async function start(mode: 'popup' | 'redirect' = 'redirect', method = saml.method_id): Promise<Started> {
    const response = await api(`${A}/sso/start?method=${method}&mode=${mode}&return_to=/home`);
    expect(response.status).toBe(302);
    const cookie = response.headers.get('set-cookie') ?? '';
    const state = /faena_sso_state=([^;]+)/.exec(cookie)![1]!;
    const location = new URL(response.headers.get('location')!);
    return { request: idp.readRequest(location.href), state, location };
  }
  /** The IdP's page posts its form to the ACS, in the browser that holds `cookie` (the state). */
  const post = (fields: Record<string, string>, cookie: string | null, providerId = saml.id, sub = 'acme') =>
    api(
      `${A}/sso/saml/${providerId}/acs`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie: `faena_sso_state=${cookie}` } : {}) }, body: new URLSearchParams(fields).toString() },
      sub,
    );
  async function answer(account: SamlAccount, bend: Bend = {}, mode: 'popup' | 'redirect' = 'redirect') {
    const started = await start(mode);
    const form = idp.respond(started.request, account, bend);
    return { started, form, response: await post(form, started.state) };
  }
  const handoffCookieOf = (response: Response) => /faena_sso_handoff=([^;]*)/.exec(response.headers.getSetCookie().join('\n'))?.[1] ?? '';
  async function signedInVia(account: SamlAccount) {
    const { response } = await answer(account);
    expect(response.status).toBe(302);
    const handoff = fragment(response).get('sso_handoff');
    expect(handoff, fragment(response).toString()).toBeTruthy();
    const claimed = await api(`${A}/sso/complete`, { method: 'POST', json: { handoff }, headers: { cookie: `faena_sso_handoff=${handoffCookieOf(response)}` } });
    expect(claimed.status).toBe(200);
    return body<{ status: string; session?: { id_token: string; user: Record<string, unknown> }; email?: string; methods?: string[]; link_token?: string; end_session_url?: string | null }>(claimed);
  }
  const errorOf = async (account: SamlAccount, bend: Bend) => fragment((await answer(account, bend)).response).get('sso_error');
  const peopleWith = async (email: string) => {
    const rows = await server.running.platform.db.ownerDrizzle(async (db) => db.execute(`SELECT count(*)::int AS n FROM persons WHERE primary_email = '${email}'`));
    return Number(/"n":(\d+)/.exec(JSON.stringify(rows))![1]);
  };

  it('reads the IdP metadata from its address and serves Faena’s SP metadata (entity id, ACS, signed assertions wanted)', async () => {
    const base = `http://acme.${DOMAIN}:${server.port}${A}/sso/saml/${saml.id}`;
    expect(saml).toMatchObject({ method_id: 'saml.entra', issuer: idp.entityId, has_client_secret: false });
    expect(saml.saml).toMatchObject({ sp_entity_id: `${base}/metadata`, acs_url: `${base}/acs`, idp_metadata_url: idp.metadataUrl, idp_sso_url: idp.ssoUrl });
    expect(saml.saml.idp_certificates).toHaveLength(1);
    expect(saml.saml.idp_certificates[0]!.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const metadata = await api(`${A}/sso/saml/${saml.id}/metadata`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${base}/metadata"`);
    expect(xml).toContain(`WantAssertionsSigned="true"`);
    expect(xml).toContain(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${base}/acs"`);
    const tenant = await body<{ firebase_sign_in_methods: string[] }>(await api('/api/tenant'));
    expect(tenant.firebase_sign_in_methods).toContain('saml.entra');
  });

  it('sends the browser to the IdP with an AuthnRequest (redirect binding) and RelayState, the state cookie under the ACS path', async () => {
    const started = await start();
    expect(`${started.location.origin}${started.location.pathname}`).toBe(idp.ssoUrl);
    expect(started.request).toMatchObject({ acs: saml.saml.acs_url, issuer: saml.saml.sp_entity_id, relayState: started.state });
    expect(started.request.id).toMatch(/^_[0-9a-f]{40}$/);
    const response = await api(`${A}/sso/start?method=saml.entra&mode=redirect`);
    expect(response.headers.get('set-cookie')).toMatch(/faena_sso_state=.+; Path=\/api\/auth\/v3\/sso\/saml; HttpOnly; SameSite=Lax/);
  });

  it('creates the member on first sign-in with the group’s position, signs in as SAML, and finds them again by NameID', async () => {
    const first = await signedInVia({ nameId: 'ana@acme.test', email: 'Ana@Acme.test', name: 'Ana Saml', groups: ['supervisors', 'unknown-group'] });
    expect(first.status).toBe('signed-in');
    expect(first.session!.user).toMatchObject({ email: 'ana@acme.test', name: 'Ana Saml', sign_in_method: 'SAML' });
    expect(first.end_session_url).toBeNull();
    expect((await api(`${A}/me`, { token: first.session!.id_token })).status).toBe(200);
    const held = await server.running.platform.db.ownerDrizzle(async (db) =>
      db.execute(
        `SELECT count(*)::int AS n FROM position_people pp JOIN persons p ON p.id = pp.person_id AND p.tenant_id = pp.tenant_id WHERE p.primary_email = 'ana@acme.test' AND pp.position_id = '${positionId}'`,
      ),
    );
    expect(JSON.stringify(held)).toContain('"n":1');
    const again = await signedInVia({ nameId: 'ana@acme.test', email: 'ana@acme.test' });
    expect(again.session!.user).toMatchObject({ id: first.session!.user.id });
  });

  it('a popup gets the page that hands the outcome to its opener', async () => {
    const { response } = await answer({ nameId: 'popup@acme.test' }, {}, 'popup');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`postMessage(m,"http://acme.${DOMAIN}:${server.port}")`);
    expect(html).toMatch(/"handoff":"[^"]+"/);
  });

  it('a cross-site POST (no cookie) is posted again once from this origin; without the cookie then it is refused', async () => {
    const started = await start();
    const form = idp.respond(started.request, { nameId: 'bounce@acme.test' });
    const bounce = await post(form, null);
    expect(bounce.status).toBe(200);
    expect(bounce.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await bounce.text();
    expect(html).toContain(`action="${A}/sso/saml/${saml.id}/acs"`);
    expect(html).toContain('name="bounced" value="1"');
    // the same browser's second POST carries its cookie: signed in
    const back = await post({ ...form, bounced: '1' }, started.state);
    expect(fragment(back).get('sso_handoff')).toBeTruthy();
    // another browser (a lured form, no cookie of this sign-in) gets nowhere
    const lured = await answer({ nameId: 'lured@acme.test' });
    const refused = await post({ ...lured.form, bounced: '1' }, null);
    expect(fragment(refused).get('sso_error')).toBe('state-mismatch');
  });

  it('refuses an unsigned assertion and one signed with another key', async () => {
    expect(await errorOf({ nameId: 'unsigned@acme.test' }, { sign: 'none' })).toBe('verification-failed');
    expect(await errorOf({ nameId: 'forged@acme.test' }, { sign: 'other-key' })).toBe('verification-failed');
    expect(await peopleWith('unsigned@acme.test')).toBe(0);
    expect(await peopleWith('forged@acme.test')).toBe(0);
  });

  it('refuses an assertion for another audience, another recipient or another issuer', async () => {
    expect(await errorOf({ nameId: 'aud@acme.test' }, { audience: 'https://other-sp.test/metadata' })).toBe('verification-failed');
    expect(await errorOf({ nameId: 'rcpt@acme.test' }, { recipient: 'https://other-sp.test/acs' })).toBe('verification-failed');
    expect(await errorOf({ nameId: 'iss@acme.test' }, { issuer: 'https://another-idp.test' })).toBe('verification-failed');
    expect(await peopleWith('aud@acme.test')).toBe(0);
  });

  it('refuses an expired assertion (beyond the small clock skew)', async () => {
    expect(await errorOf({ nameId: 'late@acme.test' }, { validForMinutes: -2 })).toBe('verification-failed');
    expect(await peopleWith('late@acme.test')).toBe(0);
  });

  it('refuses an answer to another request (InResponseTo mismatch)', async () => {
    const other = await start();
    expect(await errorOf({ nameId: 'irt@acme.test' }, { inResponseTo: other.request.id })).toBe('verification-failed');
    expect(await errorOf({ nameId: 'irt@acme.test' }, { inResponseTo: '_never-issued' })).toBe('verification-failed');
    expect(await peopleWith('irt@acme.test')).toBe(0);
  });

  it('refuses a replayed Response, and the same assertion under a fresh sign-in', async () => {
    const first = await answer({ nameId: 'replay@acme.test' }, { assertionId: '_replayed-assertion-1' });
    expect(fragment(first.response).get('sso_handoff')).toBeTruthy();
    const again = await post(first.form, first.started.state);
    expect(fragment(again).get('sso_error')).toBe('state-mismatch');
    // the IdP's signed assertion, with the same id, answering a new request (as a captured one would be)
    expect(await errorOf({ nameId: 'replay@acme.test' }, { assertionId: '_replayed-assertion-1' })).toBe('verification-failed');
  });

  it('an IdP that says the person failed or refused to sign in reads as cancelled; a domain not served is refused', async () => {
    expect(await errorOf({ nameId: 'x@acme.test' }, { status: 'AuthnFailed' })).toBe('cancelled');
    expect(await errorOf({ nameId: 'someone@elsewhere.test' }, {})).toBe('domain-not-served');
    expect(await errorOf({ nameId: 'opaque-id', nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' }, {})).toBe('email-missing');
  });

  it('“Need confirm”: an account with a password proves it before SAML is linked', async () => {
    await addMember(server, acmeId, { email: 'pedro@acme.test', name: 'Pedro', password: 'pedro-password' });
    const first = await signedInVia({ nameId: 'pedro@acme.test' });
    expect(first).toMatchObject({ status: 'need-confirm', email: 'pedro@acme.test', method: 'saml.entra' });
    expect(first.methods).toContain('PASSWORD');
    const linked = await api(`${A}/sso/link`, { method: 'POST', json: { link_token: first.link_token, password: 'pedro-password' } });
    expect(await body(linked)).toMatchObject({ status: 'signed-in', session: { user: { sign_in_method: 'SAML' } } });
    expect((await signedInVia({ nameId: 'pedro@acme.test' })).status).toBe('signed-in');
  });

  it('needs the tenant’s saml flag; a disabled provider is not listed nor startable', async () => {
    await setFlags(server, acmeId, { saml: false });
    try {
      const refused = await api(`${A}/sso/start?method=saml.entra&mode=redirect`);
      expect(fragment(refused).get('sso_error')).toBe('method-unavailable');
    } finally {
      await setFlags(server, acmeId, { saml: true });
    }
    expect((await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { enabled: false } })).status).toBe(200);
    try {
      expect((await body<{ firebase_sign_in_methods: string[] }>(await api('/api/tenant'))).firebase_sign_in_methods).not.toContain('saml.entra');
      expect(fragment(await api(`${A}/sso/start?method=saml.entra&mode=redirect`)).get('sso_error')).toBe('method-unavailable');
    } finally {
      await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { enabled: true } });
    }
  });

  it('administration: pasted metadata, refused metadata (not XML, no certificate, no redirect endpoint, unreachable), edits keep the rest', async () => {
    const pasted = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'SAML', name: 'Okta SAML', idp_metadata_xml: idp.metadataXml } });
    expect(pasted.status).toBe(201);
    const okta = await body<SamlProvider>(pasted);
    expect(okta).toMatchObject({ method_id: 'saml.okta-saml', issuer: idp.entityId, saml: { idp_metadata_url: null } });
    const refuse = async (json: Record<string, unknown>, field: string) => {
      const response = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'SAML', name: 'Bad', ...json } });
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({ code: 'validation-error', errors: { [field]: expect.any(Array) } });
    };
    await refuse({}, 'idp_metadata_xml');
    await refuse({ idp_metadata_xml: '<not-xml' }, 'idp_metadata_xml');
    await refuse({ idp_metadata_xml: idp.metadataXml.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, '') }, 'idp_metadata_xml');
    await refuse({ idp_metadata_xml: idp.metadataXml.replace(/<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"[^>]*>/, '') }, 'idp_metadata_xml');
    await refuse({ idp_metadata_xml: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' }, 'idp_metadata_xml');
    await refuse({ idp_metadata_url: 'http://169.254.169.254/latest/meta-data' }, 'idp_metadata_url');
    await refuse({ idp_metadata_url: 'ftp://idp.test/metadata' }, 'idp_metadata_url');
    // editing: name and domains change, the metadata stays; a client secret is not a SAML thing
    const edited = await api(`${A}/sso/providers/${okta.id}`, { method: 'PATCH', token: admin, json: { name: 'Okta', domains: ['okta.test'], client_secret: 'ignored' } });
    expect(await body(edited)).toMatchObject({ name: 'Okta', domains: ['okta.test'], has_client_secret: false, issuer: idp.entityId });
    const oidc = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'OIDC', name: 'Plain', issuer: 'https://login.plain.test' } });
    expect(await body(oidc)).toMatchObject({ errors: { client_id: expect.any(Array) } });
    expect((await api(`${A}/sso/providers/${okta.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await api(`${A}/sso/saml/${okta.id}/metadata`)).status).toBe(404);
  });

  it('signs its AuthnRequests where the IdP wants them: the SP metadata publishes the certificate, the IdP verifies the signature, a tampered request fails, the key is never sent', async () => {
    // an IdP whose metadata says WantAuthnRequestsSigned="true": signing is on for the new provider
    const wants = idp.metadataXml.replace('WantAuthnRequestsSigned="false"', 'WantAuthnRequestsSigned="true"');
    const created = await api(`${A}/sso/providers`, { method: 'POST', token: admin, json: { type: 'SAML', name: 'Firmado', slug: 'signed', idp_metadata_xml: wants, provisioning: 'create' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const raw = await created.text();
    expect(raw).not.toMatch(/PRIVATE KEY|sp_key/);
    const signed = JSON.parse(raw) as SamlProvider;
    expect(signed.saml).toMatchObject({ idp_wants_signed_requests: true, sign_requests: true, allow_idp_initiated: false });
    const cert = certOf(signed.saml.sp_certificate!.pem);
    expect(signed.saml.sp_certificate!.not_after! > new Date(Date.now() + 4 * 365 * 86_400_000).toISOString()).toBe(true);
    const metadata = await (await api(`${A}/sso/saml/${signed.id}/metadata`)).text();
    expect(metadata).toContain('AuthnRequestsSigned="true"');
    expect(metadata.replace(/\s+/g, '')).toContain(cert);
    expect(metadata).not.toContain('PRIVATE');
    try {
      const started = await start('redirect', 'saml.signed');
      expect(started.location.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      expect(idp.verifyRequest(started.location.href, cert)).toBe(true);
      // a changed RelayState, a changed request, another key: the IdP refuses
      const href = started.location.href;
      expect(idp.verifyRequest(href.replace(`RelayState=${started.state}`, `RelayState=${started.state.slice(0, -2)}xx`), cert)).toBe(false);
      const request = started.location.searchParams.get('SAMLRequest')!;
      const tampered = new URL(href);
      tampered.searchParams.set('SAMLRequest', Buffer.from(request, 'base64').reverse().toString('base64'));
      expect(idp.verifyRequest(tampered.href, cert)).toBe(false);
      expect(idp.verifyRequest(href, idp.keys.cert)).toBe(false);
      const unsigned = new URL(href);
      unsigned.searchParams.delete('Signature');
      expect(idp.verifyRequest(unsigned.href, cert)).toBe(false);
      // the signed request's answer signs in as always
      const form = idp.respond(started.request, { nameId: 'signed@acme.test' });
      expect(fragment(await post(form, started.state, signed.id)).get('sso_handoff')).toBeTruthy();

      // the first provider's IdP did not ask: its requests are not signed and its metadata says so
      expect(saml.saml.sign_requests).toBe(false);
      const plain = await start();
      expect(plain.location.searchParams.get('Signature')).toBeNull();
      expect(await (await api(`${A}/sso/saml/${saml.id}/metadata`)).text()).toContain('AuthnRequestsSigned="false"');

      // a provider kept from before Faena had a key: turning signing on makes its key pair then
      await server.running.platform.db.ownerDrizzle(async (db) => db.execute(`UPDATE identity_providers SET saml = saml - 'sp_cert' - 'sp_key_enc' WHERE id = '${saml.id}'`));
      expect((await body<SamlProvider>(await api(`${A}/sso/providers/${saml.id}`, { token: admin }))).saml.sp_certificate).toBeNull();
      const turned = await body<SamlProvider>(await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { sign_requests: true } }));
      expect(turned.saml.sign_requests).toBe(true);
      const newCert = certOf(turned.saml.sp_certificate!.pem);
      expect(newCert).not.toBe(cert);
      expect(idp.verifyRequest((await start()).location.href, newCert)).toBe(true);
      // metadata read again keeps the key and the switch
      const reread = await body<SamlProvider>(await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { idp_metadata_url: idp.metadataUrl } }));
      expect(reread.saml).toMatchObject({ sign_requests: true, sp_certificate: { pem: turned.saml.sp_certificate!.pem } });
    } finally {
      await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { sign_requests: false } });
      await api(`${A}/sso/providers/${signed.id}`, { method: 'DELETE', token: admin });
    }
  });

  it('IdP-initiated sign-in: refused unless allowed; allowed, accepted once, to a path of this app only', async () => {
    const unsolicited = (nameId: string, relayState: string, bend: Bend = {}) =>
      idp.respond({ id: '', acs: saml.saml.acs_url, issuer: saml.saml.sp_entity_id, relayState }, { nameId }, { unsolicited: true, ...bend });
    const origin = `http://acme.${DOMAIN}:${server.port}`;
    // off (the default): a coded refusal on the sign-in page, nobody made
    const off = await post(unsolicited('idp-start@acme.test', ''), null);
    expect(off.status).toBe(302);
    expect(off.headers.get('location')).toBe(`${origin}/sign-in#sso_error=idp-initiated-not-allowed`);
    expect(await peopleWith('idp-start@acme.test')).toBe(0);

    const allowed = await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { allow_idp_initiated: true } });
    expect((await body<SamlProvider>(allowed)).saml.allow_idp_initiated).toBe(true);
    try {
      const form = unsolicited('idp-start@acme.test', '/tasks?view=mine');
      const accepted = await post(form, null);
      expect(accepted.status).toBe(302);
      const location = new URL(accepted.headers.get('location')!);
      expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${origin}/tasks?view=mine`);
      const handoff = fragment(accepted).get('sso_handoff');
      expect(handoff).toBeTruthy();
      const claimed = await api(`${A}/sso/complete`, { method: 'POST', json: { handoff }, headers: { cookie: `faena_sso_handoff=${handoffCookieOf(accepted)}` } });
      expect(await body(claimed)).toMatchObject({ status: 'signed-in', session: { user: { email: 'idp-start@acme.test', sign_in_method: 'SAML' } } });
      // the same Response again (captured, replayed): refused
      expect(fragment(await post(form, null)).get('sso_error')).toBe('verification-failed');
      // RelayState naming another origin (or a scheme-relative one): refused, nobody made
      for (const relay of ['https://evil.test/steal', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)']) {
        expect(fragment(await post(unsolicited('idp-relay@acme.test', relay), null)).get('sso_error'), relay).toBe('verification-failed');
      }
      expect(await peopleWith('idp-relay@acme.test')).toBe(0);
      // the same checks as ever: unsigned, another audience, expired
      expect(fragment(await post(unsolicited('idp-bad@acme.test', '', { sign: 'none' }), null)).get('sso_error')).toBe('verification-failed');
      expect(fragment(await post(unsolicited('idp-bad@acme.test', '', { audience: 'https://other-sp.test/metadata' }), null)).get('sso_error')).toBe('verification-failed');
      expect(fragment(await post(unsolicited('idp-bad@acme.test', '', { validForMinutes: -2 }), null)).get('sso_error')).toBe('verification-failed');
      expect(await peopleWith('idp-bad@acme.test')).toBe(0);
      // an assertion answering one of our requests cannot be passed off as unsolicited
      const started = await start();
      const answered = idp.respond(started.request, { nameId: 'idp-strip@acme.test' });
      const xml = Buffer.from(answered.SAMLResponse, 'base64')
        .toString('utf8')
        .replace(/(<samlp:Response[^>]*?) InResponseTo="[^"]*"/, '$1');
      expect(fragment(await post({ SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: '' }, null)).get('sso_error')).toBe('verification-failed');
      expect(await peopleWith('idp-strip@acme.test')).toBe(0);
    } finally {
      await api(`${A}/sso/providers/${saml.id}`, { method: 'PATCH', token: admin, json: { allow_idp_initiated: false } });
    }
  });

  it('cross-tenant: another tenant’s host neither serves this provider’s metadata nor accepts its answers', async () => {
    expect((await api(`${A}/sso/saml/${saml.id}/metadata`, {}, 'beta')).status).toBe(404);
    const started = await start();
    const form = idp.respond(started.request, { nameId: 'cross@acme.test' });
    const elsewhere = await post(form, started.state, saml.id, 'beta');
    expect(fragment(elsewhere).get('sso_error')).toBe('state-mismatch');
    const beta = await signIn(server, 'beta', 'admin@beta.test', 'secret-pass');
    expect((await api(`${A}/sso/providers/${saml.id}`, { token: beta.id_token }, 'beta')).status).toBe(404);
    // the acme answer still works in acme (beta spent nothing of it)
    expect(fragment(await post(form, started.state)).get('sso_handoff')).toBeTruthy();
  });
});
