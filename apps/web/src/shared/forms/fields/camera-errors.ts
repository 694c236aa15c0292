import type { TFunction } from 'i18next';

/**
 * Camera failures in the spec's words (forms §8 "Camera and photo"), for the code scanner. The
 * keys name the failure; the texts are in the locale files (es verbatim from the spec).
 */
export function cameraProblem(): 'unsupported' | 'insecure' | null {
  if (typeof window !== 'undefined' && !window.isSecureContext && !/(^|\.)localhost$/.test(window.location.hostname)) return 'insecure';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'unsupported';
  return null;
}

export function cameraErrorMessage(error: unknown, t: TFunction): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return `${t('forms.camera.denied')}. ${t('forms.camera.deniedHelp')}`;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return t('forms.camera.notFound');
    case 'NotReadableError':
    case 'TrackStartError':
      return t('forms.camera.inUse');
    case 'AbortError':
      return t('forms.camera.aborted');
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return t('forms.camera.constraints');
    case 'SecurityError':
      return t('forms.camera.insecure');
    default:
      return t('forms.camera.startFailed', { detail: error instanceof Error ? error.message : String(error) });
  }
}
