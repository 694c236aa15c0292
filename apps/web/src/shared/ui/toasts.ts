import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n.ts';

/** Spec §8: error toasts are red and stay 10 s, info toasts light blue for 10 s, the rest 3 s. */
export const TOAST_DURATION_MS = { error: 10_000, info: 10_000, default: 3_000 } as const;

interface ToastOptions {
  id?: string;
  title?: ReactNode;
}

function show(kind: keyof typeof TOAST_DURATION_MS, message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    ...(options.id ? { id: options.id } : {}),
    title: options.title,
    message,
    autoClose: TOAST_DURATION_MS[kind],
    color: kind === 'error' ? 'red' : kind === 'info' ? 'blue' : 'faena',
    className: `faena-toast faena-toast-${kind}`,
    withBorder: true,
    // The close button is an icon: it needs a name (axe button-name).
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

export const toast = {
  show: (message: ReactNode, options?: ToastOptions) => show('default', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  hide: (id: string) => notifications.hide(id),
};
