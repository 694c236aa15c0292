import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TSsoOutcome } from '@faena/contracts';
import type { SignInMethod } from '@faena/domain/sign-in-methods';
import { HttpError } from '../../../shared/api/http-error.ts';
import { getPlatform } from '../../../shared/platform/platform.ts';
import {
  completeHandoff,
  FederatedError,
  isFederatedInProgress,
  nativeReturnUrl,
  redirectToProvider,
  signInWithInAppBrowser,
  signInWithPopup,
  takeRedirectOutcome,
  type FederatedFailureCode,
} from '../federated.ts';

export type NeedConfirm = Extract<TSsoOutcome, { status: 'need-confirm' }>;

/** Popups on a wide screen; a phone (or the native shell's browser) goes by redirect. */
export function preferredMode(): 'popup' | 'redirect' {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 768px)').matches ? 'popup' : 'redirect';
}

/**
 * A federated sign-in from a button (popup or redirect), the outcome of a redirect that came back
 * to this page, and where it leads: into the app, to 'Need confirm', or to a failure to show.
 */
export function useFederatedSignIn() {
  const navigate = useNavigate();
  // A redirect sign-in that came back here: its outcome is in the address's fragment (read once).
  const [back] = useState(takeRedirectOutcome);
  // In the native shell's in-app browser: the outcome goes on to the app by its URL scheme (not exchanged here).
  const [nativeReturn] = useState(() => (back && !getPlatform().browser ? nativeReturnUrl(window.location.search, back) : null));
  const [pending, setPending] = useState(back !== null && ('handoff' in back || nativeReturn !== null));
  const [failure, setFailure] = useState<FederatedFailureCode | null>(back && 'error' in back ? back.error : null);
  const [needConfirm, setNeedConfirm] = useState<NeedConfirm | null>(null);
  const handled = useRef(false);

  const settle = useCallback(
    (outcome: TSsoOutcome) => {
      if (outcome.status === 'need-confirm') setNeedConfirm(outcome);
      // Spec §2: after sign-in from /sign-in the user is sent to /.
      else void navigate('/', { replace: true });
    },
    [navigate],
  );
  const fail = (error: unknown) => {
    if (error instanceof FederatedError) setFailure(error.code);
    else if (error instanceof HttpError && error.status === 401) setFailure('expired');
    else setFailure('provider-error');
  };

  useEffect(() => {
    if (handled.current || !back) return;
    if (nativeReturn) {
      handled.current = true;
      window.location.assign(nativeReturn);
      return;
    }
    if (!('handoff' in back)) return;
    handled.current = true;
    completeHandoff(back.handoff)
      .then(settle)
      .catch(fail)
      .finally(() => setPending(false));
  }, [back, nativeReturn, settle]);

  const start = useCallback(
    (method: SignInMethod, mode: 'popup' | 'redirect' = preferredMode()) => {
      setFailure(null);
      if (isFederatedInProgress()) {
        setFailure('in-progress');
        return;
      }
      const browser = getPlatform().browser;
      if (browser) {
        // Native shell: the in-app browser, back through the app's URL.
        setPending(true);
        signInWithInAppBrowser(method, browser)
          .then(settle)
          .catch(fail)
          .finally(() => setPending(false));
        return;
      }
      if (mode === 'redirect') {
        setPending(true);
        redirectToProvider(method);
        return;
      }
      setPending(true);
      signInWithPopup(method)
        .then(settle)
        .catch(fail)
        .finally(() => setPending(false));
    },
    [settle],
  );

  return { start, pending, failure, needConfirm, nativeReturn, clearNeedConfirm: () => setNeedConfirm(null) };
}
