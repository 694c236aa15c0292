import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDetector, type FrameDetector } from '../lib/detector.ts';

/** Spec shell §8: the exact text when the camera cannot open (API.md §Web: spec English shows as is). */
export const CAMERA_FAILED = 'Failed to open camera. Please check permission.';

export interface CameraScannerProps {
  /** A code read from the camera (called once per distinct code; the scanner keeps running). */
  onCode: (code: string) => void;
  /** Seams for tests: how the stream and the detector are made. */
  openCamera?: () => Promise<MediaStream>;
  makeDetector?: () => Promise<FrameDetector>;
}

const defaultOpenCamera = () => {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('no camera API'));
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
};

type Phase = 'off' | 'starting' | 'live' | 'failed';

/**
 * The camera's picture with a frame to aim at; every 250 ms a frame goes to the detector. The
 * camera only starts when the person taps the button (no permission prompt on arrival), and stops
 * when the screen closes.
 */
export function CameraScanner({ onCode, openCamera = defaultOpenCamera, makeDetector = createDetector }: CameraScannerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [phase, setPhase] = useState<Phase>('off');
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = '';
    const run = async () => {
      try {
        stream = await openCamera();
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        const detector = await makeDetector();
        if (stopped) return;
        setPhase('live');
        const tick = async () => {
          if (stopped) return;
          if (video.readyState >= 2 && video.videoWidth > 0) {
            try {
              const found = await detector.detect(video);
              const code = found[0]?.rawValue.trim();
              if (code && code !== last && !stopped) {
                last = code;
                onCodeRef.current(code);
              }
            } catch {
              // A frame that cannot be read is skipped.
            }
          }
          timer = setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        if (!stopped) {
          setPhase('failed');
          setActive(false);
        }
      }
    };
    void run();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // The camera runs while it is on; the seams are fixed for the screen's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const start = () => {
    setPhase('starting');
    setActive(true);
  };
  const stop = () => {
    setActive(false);
    setPhase('off');
  };

  const on = phase === 'starting' || phase === 'live';
  return (
    <Stack gap="sm">
      {phase === 'failed' && (
        <Alert color="red" role="alert" icon={<IconCameraOff size={18} />} data-testid="camera-error">
          {CAMERA_FAILED}
        </Alert>
      )}
      <Box pos="relative" style={{ display: on ? 'block' : 'none', borderRadius: 12, overflow: 'hidden', background: '#000' }}>
        <video ref={videoRef} muted playsInline data-testid="scanner-video" style={{ width: '100%', maxHeight: '55vh', display: 'block', objectFit: 'cover' }} />
        <Box aria-hidden pos="absolute" style={{ inset: '15%', border: '3px solid rgba(255,255,255,0.9)', borderRadius: 12, boxShadow: '0 0 0 9999px rgba(0,0,0,0.35)' }} />
        {phase === 'starting' && (
          <Group pos="absolute" top={12} left={12} gap={6}>
            <Loader size="xs" color="white" />
            <Text size="sm" c="white">
              {t('assets.scan.starting')}
            </Text>
          </Group>
        )}
      </Box>
      {on ? (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {phase === 'live' ? t('assets.scan.aim') : ''}
          </Text>
          <Button variant="default" size="md" onClick={stop}>
            {t('assets.scan.stop')}
          </Button>
        </Group>
      ) : (
        <Button size="lg" leftSection={<IconCamera size={22} />} onClick={start} data-testid="start-camera" fullWidth>
          {phase === 'failed' ? t('assets.scan.retryCamera') : t('assets.scan.startCamera')}
        </Button>
      )}
    </Stack>
  );
}
