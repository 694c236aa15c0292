import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { requestOverlays } from './overlay-gate.ts';

/** Spec §8 text for opening a modal that is already open. */
export const MODAL_ALREADY_OPEN = 'Modal is already open';

export class ModalAlreadyOpenError extends Error {
  override name = 'ModalAlreadyOpenError';
  constructor() {
    super(MODAL_ALREADY_OPEN);
  }
}

/** Spec §2/§9 modal sizes: sm 500, md 650, lg 800 px (theme variables). */
export type ModalSize = 'sm' | 'md' | 'lg';

export interface OpenModalOptions<T> {
  /** Identity of the modal: opening one with the same id while it is open is an error. */
  id: string;
  title: ReactNode;
  size?: ModalSize;
  /** Confirm mode: no close button, no Escape, no click outside — only an answer closes it. */
  confirmMode?: boolean;
  /** The answer when the modal is dismissed (close button, Escape, outside click). */
  dismissValue: T;
  render: (answer: (value: T) => void) => ReactNode;
}

const openIds = new Set<string>();

export function isModalOpen(id: string): boolean {
  return openIds.has(id);
}

/** Opens a modal and resolves with its answer (spec §2: a modal returns an answer). */
export function openModal<T>(options: OpenModalOptions<T>): Promise<T> {
  if (openIds.has(options.id)) return Promise.reject(new ModalAlreadyOpenError());
  openIds.add(options.id);
  return new Promise<T>((resolve) => {
    let settled = false;
    const settle = (value: T) => {
      if (settled) return;
      settled = true;
      openIds.delete(options.id);
      resolve(value);
    };
    const answer = (value: T) => {
      settle(value);
      modals.close(options.id);
    };
    const dismissible = !options.confirmMode;
    void requestOverlays().then(() =>
      modals.open({
        modalId: options.id,
        title: options.title,
        size: options.size ?? 'md',
        centered: true,
        withCloseButton: dismissible,
        closeOnEscape: dismissible,
        closeOnClickOutside: dismissible,
        trapFocus: true,
        onClose: () => settle(options.dismissValue),
        children: options.render(answer),
      }),
    );
  });
}

export interface ConfirmOptions {
  id: string;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  danger?: boolean;
  size?: ModalSize;
}

/** A confirm-mode modal: resolves true or false, and cannot be dismissed any other way. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return openModal<boolean>({
    id: options.id,
    title: options.title,
    size: options.size ?? 'sm',
    confirmMode: true,
    dismissValue: false,
    render: (answer) => (
      <Stack gap="lg">
        <Text>{options.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => answer(false)}>
            {options.cancelLabel}
          </Button>
          <Button color={options.danger ? 'red' : undefined} onClick={() => answer(true)} data-autofocus>
            {options.confirmLabel}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
