import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService, type IdTokenClaims } from './tokens.ts';

const claims: IdTokenClaims = {
  sub: '11111111-1111-4111-8111-111111111111',
  tid: '22222222-2222-4222-8222-222222222222',
  sid: '33333333-3333-4333-8333-333333333333',
  pid: '44444444-4444-4444-8444-444444444444',
};

function keyOf(secret: string): Uint8Array {
  return Buffer.from(secret, 'base64url');
}

describe('TokenService', () => {
  const secret = TokenService.newSecret();
  const tokens = new TokenService(secret, 3600);

  it('makes a new 384-bit secret each time', () => {
    expect(keyOf(secret)).toHaveLength(48);
    expect(TokenService.newSecret()).not.toBe(secret);
  });

  it('signs HS256 tokens that verify back to their claims, with issuer and expiry', async () => {
    const token = await tokens.sign(claims);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ ...claims, iss: 'faena' });
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(3600);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('keeps the impersonator (act)', async () => {
    const act = { sub: '55555555-5555-4555-8555-555555555555', pid: '66666666-6666-4666-8666-666666666666' };
    expect(await tokens.verify(await tokens.sign({ ...claims, act }))).toEqual({ ...claims, act });
  });

  it('hands out remembered claims that no caller can change', async () => {
    const act = { sub: '55555555-5555-4555-8555-555555555555', pid: '66666666-6666-4666-8666-666666666666' };
    const token = await tokens.sign({ ...claims, act });
    const first = (await tokens.verify(token)) as IdTokenClaims;
    expect(() => {
      first.sub = 'someone-else';
    }).toThrow(TypeError);
    expect(() => {
      first.act!.pid = 'someone-else';
    }).toThrow(TypeError);
    expect(await tokens.verify(token)).toEqual({ ...claims, act });
  });

  it('refuses a token signed with another key', async () => {
    const other = new TokenService(TokenService.newSecret(), 3600);
    expect(await tokens.verify(await other.sign(claims))).toBeNull();
  });

  it('refuses a tampered token', async () => {
    const [header, , signature] = (await tokens.sign(claims)).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, tid: '77777777-7777-4777-8777-777777777777', iss: 'faena', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('faena')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(keyOf(secret));
    expect(await tokens.verify(expired)).toBeNull();
  });

  it('refuses another issuer, a missing claim, and an unsigned token', async () => {
    const key = keyOf(secret);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const otherIssuer = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuer('someone-else').setExpirationTime(exp).sign(key);
    expect(await tokens.verify(otherIssuer)).toBeNull();
    const { sid: _sid, ...withoutSession } = claims;
    const missing = await new SignJWT({ ...withoutSession }).setProtectedHeader({ alg: 'HS256' }).setIssuer('faena').setExpirationTime(exp).sign(key);
    expect(await tokens.verify(missing)).toBeNull();
    const numeric = await new SignJWT({ ...claims, tid: 42 }).setProtectedHeader({ alg: 'HS256' }).setIssuer('faena').setExpirationTime(exp).sign(key);
    expect(await tokens.verify(numeric)).toBeNull();
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iss: 'faena', exp })).toString('base64url')}.`;
    expect(await tokens.verify(none)).toBeNull();
  });

  it('refuses a token of another algorithm made with the same secret', async () => {
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).setIssuer('faena').setExpirationTime('10m').sign(keyOf(secret));
    expect(await tokens.verify(hs512)).toBeNull();
  });

  it('answers null, never throws, for garbage', async () => {
    for (const garbage of ['', 'x', 'a.b.c', '...', 'Bearer abc', '😀.😀.😀', 'eyJhbGciOiJIUzI1NiJ9.e30.']) {
      expect(await tokens.verify(garbage), garbage).toBeNull();
    }
  });
});
