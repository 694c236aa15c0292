import { Drawer, Modal } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../shared/i18n/i18n.ts';
import { BaseProviders } from './app.tsx';

describe('BaseProviders', () => {
  afterEach(async () => {
    await act(() => changeLanguage('es'));
  });

  it("names every modal's and drawer's close button in the reader's language", async () => {
    await initI18n('es');
    render(
      <BaseProviders>
        <>
          <Modal opened onClose={() => undefined} title="Exportar personas">
            contenido
          </Modal>
          <Drawer opened onClose={() => undefined} title="Más">
            contenido
          </Drawer>
        </>
      </BaseProviders>,
    );
    expect(await screen.findAllByRole('button', { name: 'Cerrar' })).toHaveLength(2);
    await act(() => changeLanguage('en'));
    expect(await screen.findAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});
