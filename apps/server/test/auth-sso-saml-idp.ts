import { createPrivateKey, generateKeyPairSync, randomBytes, verify, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { selfSignedCertificate } from '../src/modules/auth/sso.saml-keys.ts';

/**
 * A SAML 2.0 identity provider in the test process (decision 029): its own RSA key pair and
 * self-signed certificate made per run, its metadata served over HTTP, and a Response to an
 * AuthnRequest built and signed with xml-crypto — exactly what an IdP posts to the ACS. Each
 * property an attack would bend (signature, key, audience, times, InResponseTo, recipient,
 * assertion id) can be bent per answer.
 */

// ------------------------------------------------------------------ its key pair and certificate (the product's own DER writer)

export interface SamlKeys {
  privateKeyPem: string;
  /** The certificate, base64 DER (as metadata carries it). */
  cert: string;
}

export function samlKeys(cn = 'faena-test-idp'): SamlKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const day = 86_400_000;
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    cert: selfSignedCertificate(privateKey, publicKey, cn, new Date(Date.now() - day), new Date(Date.now() + day)),
  };
}

// ------------------------------------------------------------------ the provider

export interface SamlAccount {
  nameId: string;
  nameIdFormat?: string;
  email?: string;
  name?: string;
  groups?: string[];
}

/** What to bend in one answer. */
export interface Bend {
  sign?: 'assertion' | 'none' | 'other-key';
  audience?: string;
  recipient?: string;
  inResponseTo?: string;
  issuer?: string;
  assertionId?: string;
  /** Minutes from now the assertion stops being valid (negative: already expired). */
  validForMinutes?: number;
  /** A non-success second-level status (AuthnFailed, RequestDenied, ...): no assertion. */
  status?: string;
  /** IdP-initiated: the Response and its assertion answer no request (no InResponseTo anywhere). */
  unsolicited?: boolean;
}

export interface AuthnRequest {
  id: string;
  acs: string;
  issuer: string;
  relayState: string;
}

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml: string;
  keys: SamlKeys;
  /** Reads the AuthnRequest the SP's redirect carries (HTTP-Redirect binding: deflated, base64). */
  readRequest(redirect: string): AuthnRequest;
  /**
   * What an IdP that wants signed requests checks (SAML bindings §3.4.4.1): the query's Signature
   * over `SAMLRequest=…&RelayState=…&SigAlg=…` exactly as they came in the address, with the SP's
   * certificate (base64 DER, from its metadata). Unsigned, another key or a changed byte: false.
   */
  verifyRequest(redirect: string, spCert: string): boolean;
  /** Who signs in at the IdP's next login page (GET /sso): its page then posts the Response to the ACS, as a browser would. */
  as(account: SamlAccount): void;
  /** The form fields the IdP's page would POST to the ACS. */
  respond(request: AuthnRequest, account: SamlAccount, bend?: Bend): { SAMLResponse: string; RelayState: string };
  close(): Promise<void>;
}

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

function sign(xml: string, privateKeyPem: string): string {
  const signer = new SignedXml({ privateKey: createPrivateKey(privateKeyPem), canonicalizationAlgorithm: EXC_C14N, signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256' });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N],
  });
  signer.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return signer.getSignedXml();
}

export async function startSamlIdp(options: { wantSignedRequests?: boolean } = {}): Promise<TestSamlIdp> {
  const keys = samlKeys();
  const other = samlKeys('someone-else');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/idp`;
  const ssoUrl = `${base}/sso`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="${options.wantSignedRequests ? 'true' : 'false'}" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${keys.cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  let next: SamlAccount | null = null;
  const idp: TestSamlIdp = {
    entityId,
    ssoUrl,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    keys,
    readRequest(redirect) {
      const url = new URL(redirect);
      const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      return {
        id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
        acs: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
        issuer: /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(xml)?.[1] ?? '',
        relayState: url.searchParams.get('RelayState') ?? '',
      };
    },
    verifyRequest(redirect, spCert) {
      const query = new URL(redirect).search.slice(1);
      const raw = new Map(query.split('&').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const));
      const sigAlg = decodeURIComponent(raw.get('SigAlg') ?? '');
      const signature = raw.get('Signature');
      if (!signature || sigAlg !== 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256') return false;
      const signed = ['SAMLRequest', 'RelayState', 'SigAlg']
        .filter((key) => raw.has(key))
        .map((key) => `${key}=${raw.get(key)}`)
        .join('&');
      const certificate = new X509Certificate(Buffer.from(spCert, 'base64'));
      return verify('sha256', Buffer.from(signed), certificate.publicKey, Buffer.from(decodeURIComponent(signature), 'base64'));
    },
    respond(request, account, bend = {}) {
      const now = new Date();
      const until = new Date(now.getTime() + (bend.validForMinutes ?? 5) * 60_000).toISOString();
      const notBefore = new Date(Math.min(now.getTime(), Date.parse(until) - 60_000) - 60_000).toISOString();
      const issuer = `<saml:Issuer>${esc(bend.issuer ?? entityId)}</saml:Issuer>`;
      const inResponseTo = bend.unsolicited ? '' : ` InResponseTo="${esc(bend.inResponseTo ?? request.id)}"`;
      const head = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(12).toString('hex')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${esc(request.acs)}"${inResponseTo}>${issuer}`;
      if (bend.status) {
        const xml = `${head}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:${bend.status}"/></samlp:StatusCode></samlp:Status></samlp:Response>`;
        return { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: request.relayState };
      }
      const attribute = (attrName: string, values: string[]) =>
        `<saml:Attribute Name="${esc(attrName)}">${values.map((v) => `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
      const attributes = [
        account.email ? attribute('email', [account.email]) : '',
        account.name ? attribute('name', [account.name]) : '',
        account.groups ? attribute('groups', account.groups) : '',
      ].join('');
      const assertion = `<saml:Assertion ID="${esc(bend.assertionId ?? `_a${randomBytes(12).toString('hex')}`)}" Version="2.0" IssueInstant="${now.toISOString()}">${issuer}<saml:Subject><saml:NameID Format="${esc(account.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress')}">${esc(account.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(bend.recipient ?? request.acs)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(bend.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomBytes(6).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion>`;
      const unsigned = `${head}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
      const mode = bend.sign ?? 'assertion';
      const xml = mode === 'none' ? unsigned : sign(unsigned, mode === 'other-key' ? other.privateKeyPem : keys.privateKeyPem);
      return { SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: request.relayState };
    },
    as: (account) => {
      next = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (req, res) => {
    if (req.url === '/metadata') {
      res.setHeader('content-type', 'application/samlmetadata+xml');
      res.end(metadataXml);
      return;
    }
    if (req.url?.startsWith('/sso?') && next) {
      // the IdP's login is skipped (whoever `as` named signs in); its page posts the Response (HTTP-POST binding)
      const request = idp.readRequest(`${base}${req.url}`);
      const form = idp.respond(request, next);
      next = null;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><html><body><form method="post" action="${esc(request.acs)}"><input type="hidden" name="SAMLResponse" value="${esc(form.SAMLResponse)}"><input type="hidden" name="RelayState" value="${esc(form.RelayState)}"></form><script>document.forms[0].submit()</script></body></html>`,
      );
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return idp;
}
