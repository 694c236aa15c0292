import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UploadRules } from '@faena/domain/forms/files';
import { renderWithProviders } from '../../test/render.tsx';
import { PhotoField } from './photo-field.tsx';
import { cameraPrecheck, cameraProblemOf } from './camera.ts';

const LINK = '/api/document-manager/v3/upload/abc123/download';

function mockMedia(media: Partial<MediaDevices> | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: media });
}
function domError(name: string) {
  return Object.assign(new Error(name), { name });
}

afterEach(() => {
  vi.restoreAllMocks();
  mockMedia(undefined);
});

describe('camera errors (spec §8)', () => {
  it('maps getUserMedia failures to the spec texts', () => {
    expect(cameraProblemOf(domError('NotAllowedError'))).toBe('permissionDenied');
    expect(cameraProblemOf(domError('NotFoundError'))).toBe('notFound');
    expect(cameraProblemOf(domError('NotReadableError'))).toBe('inUse');
    expect(cameraProblemOf(domError('AbortError'))).toBe('aborted');
    expect(cameraProblemOf(domError('OverconstrainedError'))).toBe('overconstrained');
    expect(cameraProblemOf(domError('SecurityError'))).toBe('https');
    expect(cameraProblemOf(new Error('boom'))).toBeNull();
  });
  it('asks for HTTPS off localhost, and says when there is no camera API', () => {
    expect(cameraPrecheck({ isSecureContext: false, hostname: 'demo.faena.cl', hasMediaDevices: true })).toBe('https');
    expect(cameraPrecheck({ isSecureContext: false, hostname: 'demo.localhost', hasMediaDevices: true })).toBeNull();
    expect(cameraPrecheck({ isSecureContext: true, hostname: 'demo.faena.cl', hasMediaDevices: false })).toBe('notSupported');
  });
});

describe('PhotoField', () => {
  it('shows the help text and "Usar cámara", then the stream with "Capturar foto" and "Cancelar"', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] });
    mockMedia({ getUserMedia, enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'videoinput' }]) } as Partial<MediaDevices>);
    await renderWithProviders(<PhotoField value={[]} onChange={() => undefined} maxPhotos={2} />);
    expect(screen.getByText(/Puedes subir hasta 2 imágenes en formato \.png, \.gif/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usar cámara' }));
    await screen.findByRole('button', { name: 'Capturar foto' });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await screen.findByRole('button', { name: 'Usar cámara' });
    expect(stop).toHaveBeenCalled();
  });

  it('shows the permission text and its hint when the camera is denied', async () => {
    mockMedia({ getUserMedia: vi.fn().mockRejectedValue(domError('NotAllowedError')), enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'videoinput' }]) } as Partial<MediaDevices>);
    await renderWithProviders(<PhotoField value={[]} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Usar cámara' }));
    await screen.findByText('Permiso de cámara denegado');
    expect(screen.getByText('Habilita el acceso a la cámara en la configuración del navegador.')).toBeTruthy();
  });

  it('says when no camera is detected, and when an unknown failure starts it', async () => {
    mockMedia({ getUserMedia: vi.fn(), enumerateDevices: vi.fn().mockResolvedValue([]) } as Partial<MediaDevices>);
    const { unmount } = await renderWithProviders(<PhotoField value={[]} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Usar cámara' }));
    await screen.findByText('No se detectaron cámaras en este dispositivo.');
    unmount();
    mockMedia({ getUserMedia: vi.fn().mockRejectedValue(new Error('sin señal')), enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'videoinput' }]) } as Partial<MediaDevices>);
    await renderWithProviders(<PhotoField value={[]} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Usar cámara' }));
    await screen.findByText('Error al iniciar la cámara: sin señal');
  });

  it('says the browser has no camera API', async () => {
    mockMedia(undefined);
    await renderWithProviders(<PhotoField value={[]} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Usar cámara' }));
    await screen.findByText('Tu navegador no soporta acceso a la cámara.');
  });

  it('disables the button and shows the limit message at the maximum', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(new Blob(['x'], { type: 'image/png' })));
    await renderWithProviders(<PhotoField value={[LINK]} onChange={() => undefined} maxPhotos={1} />);
    expect(screen.getByText('Alcanzaste el límite de imágenes')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Usar cámara' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a value that is not a list of links', async () => {
    await renderWithProviders(<PhotoField value={{ bad: true }} onChange={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('El valor del campo debe ser una lista de enlaces de archivos.'));
  });
});

describe('upload help texts (spec §5)', () => {
  it('builds them from the limits', async () => {
    const { uploadHelp } = await import('@faena/domain/forms/files');
    const rules: UploadRules = { noun: 'file', isMultiple: true, minFiles: 2, maxFiles: 5, minSize: 0, maxSize: 20 * 1024 * 1024, formats: ['pdf'], messages: {} };
    expect(uploadHelp(rules)).toMatch(/^Se requieren entre 2 y 5 archivos en formato \.pdf/);
  });
});
