import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// FilePond checks the browser once, when loaded: jsdom lacks object URLs and CSS.supports
vi.hoisted(() => {
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
  (window as { CSS?: unknown }).CSS ??= { supports: () => true };
});
import { uploadRules } from '@faena/domain/forms/files';
import type { FieldOf } from '@faena/domain/forms/schema';
import { ALL_FLAGS_ON } from '@faena/domain/feature-flags';
import { DEFAULT_VALIDATOR_FLAGS } from '@faena/domain/forms/validator-flags';
import { idbQueueStore, resetOfflineDbHandle } from '../offline/offline-db.ts';
import { isFileRef, offlineQueue } from '../offline/offline-queue.ts';
import { sessionStore } from '../session/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { testTokenPair } from '../../test/session.ts';
import { FileUploadField } from './file-upload-field.tsx';

/** Decision 031: the FilePond file field keeps a file on the device with no connection, as the photo field does. */
const field = { id: 1, type: 'files', name: 'adjuntos', label: 'Adjuntos', required: false, validators: [] } as unknown as FieldOf<'files'>;
const rules = uploadRules(field, DEFAULT_VALIDATOR_FLAGS, ALL_FLAGS_ON)!;

function offline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !value });
}

async function choose(file: File) {
  const input = await waitFor(
    () => {
      const found = document.querySelector<HTMLInputElement>('.faena-upload-field input[type=file]');
      if (!found) throw new Error('no file input yet');
      return found;
    },
    { timeout: 10_000 },
  );
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  Object.defineProperty(input, 'value', { configurable: true, get: () => file.name, set: () => undefined });
  fireEvent.change(input);
}

describe('FileUploadField offline (decision 031)', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    sessionStore.signIn(testTokenPair());
  });
  afterEach(() => {
    offline(false);
    vi.restoreAllMocks();
    sessionStore.endSession();
  });

  it('with no connection a chosen file is kept on the device and the value holds its reference; nothing goes to the server', async () => {
    offline(true);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onChange = vi.fn();
    await renderWithProviders(<FileUploadField value={[]} onChange={onChange} rules={rules} label="Adjuntos" />);
    await choose(new File(['acta de entrega'], 'acta.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled(), { timeout: 10_000 });
    const links = onChange.mock.calls.at(-1)![0] as string[];
    expect(links).toHaveLength(1);
    expect(isFileRef(links[0])).toBe(true);
    const kept = await idbQueueStore.getBlob(links[0]!.slice('offline-file:'.length));
    expect(kept).toMatchObject({ owner: 't1:u1:p1', name: 'acta.pdf', link: null });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a value of kept references is valid and listed (a draft reopened offline)', async () => {
    offline(true);
    const ref = await offlineQueue.keepFile(new File(['informe'], 'informe.pdf', { type: 'application/pdf' }), 'informe.pdf');
    await renderWithProviders(<FileUploadField value={[ref]} onChange={() => undefined} rules={rules} label="Adjuntos" />);
    expect(screen.queryByText('El valor del campo debe ser una lista de enlaces de archivos.')).toBeNull();
    expect((await screen.findAllByText('informe.pdf', undefined, { timeout: 10_000 })).length).toBeGreaterThan(0);
  });

  it('a device with no room left says so and keeps nothing in the value', async () => {
    offline(true);
    vi.spyOn(idbQueueStore, 'putBlob').mockRejectedValue(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }));
    const onChange = vi.fn();
    await renderWithProviders(<FileUploadField value={[]} onChange={onChange} rules={rules} label="Adjuntos" />);
    await choose(new File(['x'], 'grande.pdf', { type: 'application/pdf' }));
    await screen.findByText('No queda espacio en este dispositivo para guardar el archivo. Libera espacio o conéctate para subirlo.', undefined, { timeout: 10_000 });
    expect(onChange).not.toHaveBeenCalled();
  });
});
