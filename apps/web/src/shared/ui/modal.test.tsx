import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { confirm, isModalOpen, MODAL_ALREADY_OPEN, openModal } from './modal.tsx';
import { renderWithProviders } from '../../test/render.tsx';

describe('modals (spec §2, §8)', () => {
  it('returns the answer of a confirm modal', async () => {
    await renderWithProviders(<div />);
    let answer: Promise<boolean>;
    act(() => {
      answer = confirm({ id: 'c1', title: 'Título', message: '¿Seguro?', confirmLabel: 'Sí', cancelLabel: 'No' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sí' }));
    await expect(answer!).resolves.toBe(true);

    act(() => {
      answer = confirm({ id: 'c1', title: 'Título', message: '¿Seguro?', confirmLabel: 'Sí', cancelLabel: 'No' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await expect(answer!).resolves.toBe(false);
  });

  it('cannot be dismissed in confirm mode (no close button, Escape does nothing)', async () => {
    await renderWithProviders(<div />);
    let settled = false;
    act(() => {
      void confirm({ id: 'c2', title: 'Confirmar', message: 'Mensaje', confirmLabel: 'Aceptar', cancelLabel: 'Cancelar' }).then(() => (settled = true));
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    expect(isModalOpen('c2')).toBe(true);
    expect(screen.queryByRole('button', { name: /close|cerrar/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(settled).toBe(true));
  });

  it("refuses to open the same modal twice: 'Modal is already open'", async () => {
    await renderWithProviders(<div />);
    let first: Promise<string>;
    act(() => {
      first = openModal<string>({ id: 'm1', title: 'Uno', dismissValue: 'dismissed', render: (answer) => <Button onClick={() => answer('ok')}>OK</Button> });
    });
    await expect(openModal<string>({ id: 'm1', title: 'Otra vez', dismissValue: 'x', render: () => null })).rejects.toThrow(MODAL_ALREADY_OPEN);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await expect(first!).resolves.toBe('ok');
    expect(isModalOpen('m1')).toBe(false);
  });

  it('a dismissible modal answers its dismiss value when closed', async () => {
    await renderWithProviders(<div />);
    let answer: Promise<string>;
    act(() => {
      answer = openModal<string>({ id: 'm2', title: 'Info', dismissValue: 'closed', render: () => <p>Hola</p> });
    });
    await screen.findByText('Hola');
    const close = document.querySelector<HTMLButtonElement>('.mantine-Modal-close');
    expect(close).not.toBeNull();
    fireEvent.click(close!);
    await expect(answer!).resolves.toBe('closed');
  });
});
