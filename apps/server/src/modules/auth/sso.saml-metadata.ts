import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import type { TSamlProviderInfo } from '@faena/contracts';
import { FieldErrors } from '../../platform/errors.ts';
import { FetchError } from '../../platform/net/safe-fetch.ts';
import { providerFetch } from './sso.net.ts';
import { certificateInfo, certAsPem } from './sso.saml-keys.ts';
import type { SamlMetadataSettings, SamlSettings } from './sso.table.ts';

/** SAML 2.0 namespaces read here. */
export const MD_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
export const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const MAX_METADATA_CHARS = 512 * 1024;

const SAML_PREFIX = '/api/auth/v3/sso/saml';
/** Faena's SP metadata for one provider; its address is also the SP's entity id (decision 029). */
export const spMetadataUrl = (origin: string, providerId: string): string => `${origin}${SAML_PREFIX}/${providerId}/metadata`;
/** The assertion consumer service (HTTP-POST binding) of one provider. */
export const acsUrl = (origin: string, providerId: string): string => `${origin}${SAML_PREFIX}/${providerId}/acs`;
/** Where the SAML state cookie lives: every provider's ACS is under it. */
export const SAML_COOKIE_PATH = SAML_PREFIX;

/** Parses XML without ever resolving anything external; a malformed document is refused, not repaired. */
export function parseXml(xml: string): Document | null {
  let failed = false;
  const flag = () => {
    failed = true;
  };
  // xmldom neither fetches external entities nor expands a DTD's; a DOCTYPE is refused outright anyway.
  if (/<!DOCTYPE/i.test(xml)) return null;
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: flag, fatalError: flag } }).parseFromString(xml, 'text/xml') as unknown as Document;
  return failed || !doc?.documentElement ? null : doc;
}

const children = (parent: Element, ns: string, local: string): Element[] =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === local);

function certificatesOf(idp: Element): string[] {
  const found: string[] = [];
  for (const descriptor of children(idp, MD_NS, 'KeyDescriptor')) {
    const use = descriptor.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const node of Array.from(descriptor.getElementsByTagNameNS(DSIG_NS, 'X509Certificate'))) {
      const b64 = (node.textContent ?? '').replace(/\s+/g, '');
      try {
        new X509Certificate(Buffer.from(b64, 'base64'));
        found.push(b64);
      } catch {
        // not a certificate: skipped, and if none is left the metadata is refused below
      }
    }
  }
  return [...new Set(found)];
}

export interface IdpMetadata {
  entityId: string;
  settings: SamlMetadataSettings;
}

const bad = (field: 'idp_metadata_xml' | 'idp_metadata_url', text: string) => new FieldErrors({ [field]: [text] });

/** Reads an IdP's metadata: its entity id, its HTTP-Redirect SingleSignOnService and its signing certificates. */
export function parseIdpMetadata(xml: string, metadataUrl: string | null, allowLocal: boolean): IdpMetadata {
  const field = metadataUrl ? 'idp_metadata_url' : 'idp_metadata_xml';
  const doc = xml.length <= MAX_METADATA_CHARS ? parseXml(xml) : null;
  if (!doc) throw bad(field, 'The IdP metadata is not well-formed XML.');
  const root = doc.documentElement;
  const entities = root.namespaceURI === MD_NS && root.localName === 'EntityDescriptor' ? [root] : Array.from(root.getElementsByTagNameNS(MD_NS, 'EntityDescriptor'));
  const entity = entities.find((e) => children(e, MD_NS, 'IDPSSODescriptor').length > 0);
  const idp = entity ? children(entity, MD_NS, 'IDPSSODescriptor')[0] : undefined;
  const entityId = entity?.getAttribute('entityID')?.trim() ?? '';
  if (!entity || !idp || !entityId) throw bad(field, 'The metadata describes no identity provider (IDPSSODescriptor with an entityID).');
  const endpoint = (name: string) =>
    children(idp, MD_NS, name)
      .find((e) => e.getAttribute('Binding') === REDIRECT_BINDING)
      ?.getAttribute('Location')
      ?.trim() ?? null;
  const ssoUrl = endpoint('SingleSignOnService');
  if (!ssoUrl) throw bad(field, 'The identity provider lists no SingleSignOnService for the HTTP-Redirect binding.');
  let url: URL;
  try {
    url = new URL(ssoUrl);
  } catch {
    throw bad(field, 'The SingleSignOnService address is not a URL.');
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) throw bad(field, 'The SingleSignOnService address must be https://.');
  const certs = certificatesOf(idp);
  if (certs.length === 0) throw bad(field, 'The metadata has no signing certificate: Faena accepts only signed assertions.');
  const wantsSigned = idp.getAttribute('WantAuthnRequestsSigned')?.trim() === 'true' || idp.getAttribute('WantAuthnRequestsSigned')?.trim() === '1';
  return {
    entityId,
    settings: { metadata_url: metadataUrl, sso_url: ssoUrl, slo_url: endpoint('SingleLogoutService'), certs, fetched_at: new Date().toISOString(), idp_wants_signed_requests: wantsSigned },
  };
}

/** The metadata URL an administrator gave: https (http only for local providers), no credentials. */
function checkMetadataUrl(value: string, allowLocal: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad('idp_metadata_url', 'Enter the metadata address (https://…).');
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) throw bad('idp_metadata_url', 'The metadata address must be https://.');
  if (url.username || url.password || url.hash) throw bad('idp_metadata_url', 'The metadata address has no credentials or fragment.');
  return url.href;
}

/**
 * The metadata from the request: pasted XML, or fetched from its address through safe-fetch (every
 * resolved address public unless SSO_ALLOW_LOCAL_PROVIDERS, pinned, no redirect, 512 KiB, 15 s).
 */
export async function readIdpMetadata(input: { idp_metadata_xml?: string | undefined; idp_metadata_url?: string | undefined }, allowLocal: boolean, required: boolean): Promise<IdpMetadata | null> {
  const xml = input.idp_metadata_xml?.trim();
  const address = input.idp_metadata_url?.trim();
  if (xml) return parseIdpMetadata(xml, null, allowLocal);
  if (!address) {
    if (required) throw bad('idp_metadata_xml', 'Paste the identity provider’s metadata XML or give its metadata address.');
    return null;
  }
  const href = checkMetadataUrl(address, allowLocal);
  let text: string;
  try {
    const response = await providerFetch(allowLocal)(href, { method: 'GET', headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
    if (response.status !== 200) throw new FetchError('http-error', `The metadata address answered ${response.status}.`, response.status);
    text = await response.text();
  } catch (error) {
    const reason = error instanceof FetchError ? error.message : 'It could not be reached.';
    throw bad('idp_metadata_url', `The metadata could not be fetched: ${reason}`);
  }
  return parseIdpMetadata(text, href, allowLocal);
}

export const certificatesAsPem = (settings: SamlSettings): string[] => settings.certs.map(certAsPem);

export function samlInfo(origin: string, providerId: string, settings: SamlSettings): TSamlProviderInfo {
  return {
    sp_entity_id: spMetadataUrl(origin, providerId),
    acs_url: acsUrl(origin, providerId),
    sp_metadata_url: spMetadataUrl(origin, providerId),
    idp_metadata_url: settings.metadata_url,
    idp_sso_url: settings.sso_url,
    idp_certificates: settings.certs.map(certificateInfo),
    metadata_read_at: settings.fetched_at,
    idp_wants_signed_requests: settings.idp_wants_signed_requests === true,
    sign_requests: settings.sign_requests === true,
    sp_certificate: settings.sp_cert ? { pem: certAsPem(settings.sp_cert), ...certificateInfo(settings.sp_cert) } : null,
    allow_idp_initiated: settings.allow_idp_initiated === true,
  };
}
