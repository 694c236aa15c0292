import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirm } from './modal.tsx';

/** A navigation that keeps the same screen and its edits (a new record's address once it is created) passes `state: KEEPS_EDITS`. */
export const KEEPS_EDITS = { keepsEdits: true } as const;
const keepsEdits = (state: unknown) => typeof state === 'object' && state !== null && (state as { keepsEdits?: unknown }).keepsEdits === true;

/**
 * Spec §8: confirmation before discarding unsaved changes (navigating away inside the app) and
 * before leaving the app (closing or reloading the tab — the browser asks in its own words).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname && !keepsEdits(nextLocation.state));

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    confirm({
      id: 'discard-changes',
      title: t('unsaved.title'),
      message: t('unsaved.message'),
      confirmLabel: t('unsaved.discard'),
      cancelLabel: t('unsaved.keepEditing'),
      danger: true,
    })
      .then((discard) => {
        if (!active) return;
        if (discard) blocker.proceed();
        else blocker.reset();
      })
      .catch(() => blocker.reset());
    return () => {
      active = false;
    };
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value; the text itself is the browser's.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
