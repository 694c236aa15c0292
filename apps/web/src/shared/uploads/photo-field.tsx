import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkUpload, uploadHelp, type UploadRules } from '@faena/domain/forms/files';
import { DEFAULT_MAX_FILE_SIZE, PHOTO_CAPTURE, PHOTO_FIELD_FORMATS } from '@faena/domain/forms/constants';
import { limitReachedMessage } from '@faena/domain/forms/messages';
import { getCamera } from '../platform/platform.ts';
import { toast } from '../ui/toasts.ts';
import { cameraPrecheck, cameraProblemOf, CaptureError, grabFrame, nativePhotoFile, type CameraProblem } from './camera.ts';
import { isDownloadLink, uploadBlob } from './upload-api.ts';
import { isFileRef, OfflineStorageFull, uploadOrKeep } from '../offline/offline-queue.ts';
import { useFileUrl } from './use-file-url.ts';
import './uploads.css';

export interface PhotoFieldProps {
  /** Download links of the photos taken (spec §4). */
  value: unknown;
  onChange: (links: string[]) => void;
  /** At this many photos the camera button is disabled and shows the limit message (default 1). */
  maxPhotos?: number;
  /** 'camera' = only the camera; 'any' = the camera or an image file from the device (default). */
  source?: 'camera' | 'any';
  /** Size limits from `uploadRules(field, …)`; formats are always png, gif and jpeg. */
  rules?: UploadRules;
  disabled?: boolean;
  /** Accessible name of the field (its label). */
  label?: string;
  /** Hide the help text above the buttons (when the screen explains the limits itself). */
  hideHelp?: boolean;
}

type Phase = 'idle' | 'starting' | 'live' | 'processing';

const ACCEPT = 'image/png,image/gif,image/jpeg';

function photoRules(maxPhotos: number, rules?: UploadRules): UploadRules {
  return {
    noun: 'image',
    isMultiple: maxPhotos > 1,
    minFiles: rules?.minFiles ?? 0,
    maxFiles: maxPhotos,
    minSize: rules?.minSize ?? 0,
    maxSize: rules?.maxSize ?? DEFAULT_MAX_FILE_SIZE,
    formats: [...PHOTO_FIELD_FORMATS],
    messages: rules?.messages ?? {},
  };
}

function PhotoPreview({ link, alt, onRemove, removeLabel, disabled }: { link: string; alt: string; onRemove: () => void; removeLabel: string; disabled: boolean }) {
  const { url, error } = useFileUrl(link);
  return (
    <div className="faena-photo-item">
      {url ? (
        <Image src={url} alt={alt} className="faena-photo-preview" mah={PHOTO_CAPTURE.previewMaxHeightPx} w="auto" />
      ) : error ? (
        <Text size="sm" c="red">
          {alt}
        </Text>
      ) : (
        <Loader size="sm" />
      )}
      <ActionIcon variant="filled" color="red" size="sm" aria-label={removeLabel} disabled={disabled} onClick={onRemove} style={{ position: 'absolute', top: 4, right: 4 }}>
        <IconTrash size={14} />
      </ActionIcon>
    </div>
  );
}

/**
 * The photo field (spec §2, §4, §8, §9): a live camera stream on the web ("Usar cámara" /
 * "Tomar foto" on mobile → "Capturar foto" → "Procesando..."; "Cancelar" stops it), or the
 * native camera through the platform; each photo is uploaded and kept as its download link.
 */
export function PhotoField({ value, onChange, maxPhotos = 1, source = 'any', rules, disabled = false, label, hideHelp = false }: PhotoFieldProps) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const links = Array.isArray(value) && value.every((entry) => isDownloadLink(entry) || isFileRef(entry)) ? value : value === null || value === undefined || value === '' ? [] : null;
  const latest = useRef(links ?? []);
  useEffect(() => {
    latest.current = links ?? [];
  });
  const effective = photoRules(maxPhotos, rules);
  const atLimit = (links?.length ?? 0) >= maxPhotos;

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play?.()?.catch(() => undefined);
    }
  }, [stream]);
  useEffect(() => () => stream?.getTracks().forEach((track) => track.stop()), [stream]);

  if (links === null) {
    return (
      <Text c="red" role="alert">
        {t('uploads.invalidValue')}
      </Text>
    );
  }

  const problem = (key: CameraProblem) => {
    setError(t(`uploads.camera.${key}`));
    setHint(key === 'permissionDenied' ? t('uploads.camera.permissionHint') : null);
  };
  const stop = () => {
    stream?.getTracks().forEach((track) => track.stop());
    setStream(null);
    setPhase('idle');
  };

  const add = async (file: File) => {
    const refusal = checkUpload({ name: file.name, size: file.size, content_type: file.type }, effective);
    if (refusal) {
      setError(refusal.message);
      return;
    }
    // without a connection the photo is kept on the device and sent with its form (decision 031)
    let link: string;
    try {
      link = await uploadOrKeep(file, file.name, () => uploadBlob(file, file.name, effective));
    } catch (cause) {
      if (!(cause instanceof OfflineStorageFull)) throw cause;
      setError(t('uploads.storageFull')); // nothing was kept: the photo is not in the value
      return;
    }
    onChange(maxPhotos > 1 ? [...latest.current, link] : [link]);
  };

  const start = async () => {
    setError(null);
    setHint(null);
    const camera = getCamera();
    if (camera.mode === 'native') {
      setPhase('processing');
      try {
        const blob = await camera.capture({
          width: PHOTO_CAPTURE.nativeWidth,
          height: PHOTO_CAPTURE.nativeHeight,
          quality: PHOTO_CAPTURE.jpegQualityNative,
        });
        await add(nativePhotoFile(blob));
      } catch (cause) {
        const key = cameraProblemOf(cause);
        if (key) problem(key);
        else setError(t('uploads.camera.useError', { message: describe(cause) }));
      } finally {
        setPhase('idle');
      }
      return;
    }
    const pre = cameraPrecheck({
      isSecureContext: window.isSecureContext,
      hostname: window.location.hostname,
      hasMediaDevices: Boolean(navigator.mediaDevices?.getUserMedia),
    });
    if (pre) return problem(pre);
    setPhase('starting');
    try {
      if (navigator.mediaDevices.enumerateDevices) {
        const devices = await navigator.mediaDevices.enumerateDevices();
        if (!devices.some((device) => device.kind === 'videoinput')) {
          setPhase('idle');
          return problem('noCameras');
        }
      }
      const opened = await camera.openStream({
        video: { facingMode: 'environment' },
        audio: false,
      });
      setStream(opened);
      setPhase('live');
    } catch (cause) {
      setPhase('idle');
      const key = cameraProblemOf(cause);
      if (key) problem(key);
      else setError(t('uploads.camera.startError', { message: describe(cause) }));
    }
  };

  const capture = async () => {
    if (!video.current) return;
    setPhase('processing');
    try {
      const file = await grabFrame(video.current);
      await add(file);
      stop();
    } catch (cause) {
      setPhase('live');
      const message = cause instanceof CaptureError ? t(`uploads.camera.capture.${cause.reason}`) : describe(cause);
      setError(t('uploads.camera.useError', { message }));
      toast.error(t('uploads.camera.captureFailed'));
    }
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setPhase('processing');
    try {
      await add(file);
    } catch {
      toast.error(t('uploads.uploadFailed.sub'), {
        title: t('uploads.uploadFailed.main'),
      });
    } finally {
      setPhase('idle');
    }
  };

  const live = phase === 'live' || (phase === 'processing' && stream !== null);
  const startLabel = isMobile ? t('uploads.camera.takePhoto') : t('uploads.camera.useCamera');
  return (
    <Stack gap="xs" className="faena-photo-field" aria-label={label} role="group">
      {hideHelp ? null : (
        <Text size="sm" c="dimmed">
          {uploadHelp(effective)}
        </Text>
      )}
      {links.length > 0 ? (
        <Group gap="sm" align="flex-start">
          {links.map((link, index) => (
            <PhotoPreview
              key={link}
              link={link}
              alt={t('uploads.photoAlt', { n: index + 1 })}
              removeLabel={t('uploads.removePhoto', { n: index + 1 })}
              disabled={disabled || phase === 'processing'}
              onRemove={() => onChange(latest.current.filter((l) => l !== link))}
            />
          ))}
        </Group>
      ) : null}
      {live ? (
        <video ref={video} className="faena-photo-video" autoPlay playsInline muted style={{ maxHeight: PHOTO_CAPTURE.liveVideoMaxHeightPx }} aria-label={t('uploads.camera.liveLabel')} />
      ) : null}
      <Group gap="sm">
        {live ? (
          <>
            <Button leftSection={<IconCamera size={16} />} onClick={() => void capture()} loading={false} disabled={phase === 'processing'}>
              {phase === 'processing' ? t('uploads.camera.processing') : t('uploads.camera.capture.button')}
            </Button>
            <Button variant="default" onClick={stop} disabled={phase === 'processing'}>
              {t('uploads.camera.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button leftSection={<IconCamera size={16} />} onClick={() => void start()} disabled={disabled || atLimit || phase !== 'idle'}>
              {phase === 'processing' || phase === 'starting' ? t('uploads.camera.processing') : startLabel}
            </Button>
            {source === 'any' ? (
              <FileButton onChange={(file) => void pick(file)} accept={ACCEPT} disabled={disabled || atLimit || phase !== 'idle'}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} />}>
                    {t('uploads.chooseImage')}
                  </Button>
                )}
              </FileButton>
            ) : null}
          </>
        )}
      </Group>
      {atLimit ? (
        <Text size="sm" c="dimmed" role="status">
          {limitReachedMessage('image')}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
