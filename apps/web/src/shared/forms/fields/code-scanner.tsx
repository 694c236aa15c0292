import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraErrorMessage, cameraProblem } from './camera-errors.ts';

/**
 * Reads a barcode or QR code with the device camera (its own chunk: the decoder is large and
 * only loads when someone taps "scan").
 */
export function CodeScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(() => {
    const problem = cameraProblem();
    return problem === 'insecure' ? t('forms.camera.insecure') : problem === 'unsupported' ? t('forms.camera.unsupported') : null;
  });
  const [ready, setReady] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (error || !videoRef.current) return;
    let controls: IScannerControls | undefined;
    let cancelled = false;
    const reader = new BrowserMultiFormatReader();
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, videoRef.current, (result, _error, scanner) => {
        if (!result || done.current) return;
        done.current = true;
        scanner.stop();
        onCode(result.getText());
      })
      .then((started) => {
        controls = started;
        if (cancelled) started.stop();
        else setReady(true);
      })
      .catch((cause: unknown) => {
        if (!cancelled) setError(cameraErrorMessage(cause, t));
      });
    return () => {
      cancelled = true;
      controls?.stop();
    };
    // The camera starts once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Modal opened onClose={onClose} title={t('forms.code.scanTitle')} size="md" data-testid="code-scanner">
      <Stack gap="sm">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : (
          <>
            <video ref={videoRef} muted playsInline style={{ width: '100%', maxHeight: 300, background: '#000', borderRadius: 8 }} />
            <Text size="sm" c="dimmed">
              {ready ? t('forms.code.scanHint') : t('common.loading')}
            </Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('forms.camera.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
