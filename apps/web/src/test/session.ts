import type { TTokenPair } from '@faena/contracts';

/** A signed-in session as the sign-in answers it (tests sign in with `sessionStore.signIn(testTokenPair(...))`). */
export function testTokenPair(user: { name?: string; email?: string } = {}): TTokenPair {
  return {
    id_token: 'id',
    refresh_token: 'refresh',
    expires_in: 3600,
    user: {
      id: 'u1',
      email: user.email ?? 'admin@faena.test',
      name: user.name ?? 'Administración',
      tenant_id: 't1',
      passport: 'p1',
      picture: null,
      sign_in_method: 'PASSWORD',
      last_sign_in_time: null,
      impersonator: null,
    },
  };
}
