/**
 * The identity provider's own sign-out address of the current session (OIDC end_session), kept
 * when a federated sign-in opens it, so signing out can offer it (spec §8; decision 029).
 */
const END_SESSION_KEY = 'faena.sso.endSession';

export function rememberEndSession(url: string | null): void {
  try {
    if (url) localStorage.setItem(END_SESSION_KEY, url);
    else localStorage.removeItem(END_SESSION_KEY);
  } catch {
    /* storage unavailable: no provider sign-out offered */
  }
}

export function takeEndSession(): string | null {
  try {
    const url = localStorage.getItem(END_SESSION_KEY);
    localStorage.removeItem(END_SESSION_KEY);
    return url && /^https?:\/\//.test(url) ? url : null;
  } catch {
    return null;
  }
}
