import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { checkUpload, uploadHelp, uploadRules } from '@faena/domain/forms/files';
import type { FieldOf } from '@faena/domain/forms/schema';
import { uploadBlob } from '../../uploads/upload-api.ts';
import { useFileUrl } from '../../uploads/use-file-url.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldT, useRenderer } from '../renderer-context.ts';

/** A voice note longer than this stops by itself. */
const MAX_SECONDS = 5 * 60;
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function extensionOf(mime: string): string {
  if (mime.includes('mp4')) return 'm4a';
  if (mime.includes('ogg')) return 'ogg';
  return 'webm';
}

function voiceFileName(mime: string): string {
  return `audio_${Date.now()}.${extensionOf(mime)}`;
}

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function linkOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}

function StoredAudio({ link }: { link: string }) {
  const t = useFieldT();
  const { url, error } = useFileUrl(link);
  if (error)
    return (
      <Text size="sm" c="red.9">
        {t('forms.voice.loadFailed')}
      </Text>
    );
  if (!url)
    return (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  return <audio controls src={url} style={{ width: '100%', maxWidth: 420 }} data-testid="voice-audio" />;
}

/** Records a voice note in the browser (MediaRecorder), uploads it and keeps its download link. */
export function VoiceMessageField({ field, value, onChange, onBlur, disabled, onBusyChange }: FieldProps<FieldOf<'voice_message'>>) {
  const t = useFieldT();
  const { validatorFlags, flags } = useRenderer();
  const rules = uploadRules(field, validatorFlags, flags);
  const [phase, setPhase] = useState<'idle' | 'recording' | 'uploading'>('idle');
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const link = linkOf(value);

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = window.setInterval(() => setSeconds((current) => current + 1), 1000);
    return () => window.clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (seconds >= MAX_SECONDS) recorder.current?.stop();
  }, [seconds]);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  const upload = async (blob: Blob, mime: string) => {
    setPhase('uploading');
    onBusyChange(true);
    try {
      const name = voiceFileName(mime);
      const refusal = rules ? checkUpload({ name, size: blob.size, content_type: mime }, rules) : null;
      if (refusal) {
        setProblem(refusal.message);
        return;
      }
      onChange(await uploadBlob(blob, name, rules));
      onBlur();
    } catch {
      setProblem(t('forms.voice.uploadFailed'));
    } finally {
      setPhase('idle');
      onBusyChange(false);
    }
  };

  const start = async () => {
    setProblem(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setProblem(t('forms.voice.unsupported'));
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      setProblem(name === 'NotAllowedError' || name === 'SecurityError' ? t('forms.voice.denied') : name === 'NotFoundError' ? t('forms.voice.noMicrophone') : t('forms.voice.unsupported'));
      return;
    }
    const mimeType = pickMimeType();
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      const type = media.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      if (blob.size > 0) void upload(blob, type);
      else setPhase('idle');
    };
    recorder.current = media;
    setSeconds(0);
    media.start(1000);
    setPhase('recording');
  };

  return (
    <Stack gap="xs">
      {rules && (
        <Text size="sm" c="dimmed">
          {uploadHelp(rules)}
        </Text>
      )}
      {link && phase === 'idle' && <StoredAudio link={link} />}
      <Group gap="sm">
        {phase === 'recording' ? (
          <Button color="red" leftSection={<IconPlayerStopFilled size={16} />} onClick={() => recorder.current?.stop()} data-testid="voice-stop">
            {t('forms.voice.stop', { time: clock(seconds) })}
          </Button>
        ) : (
          <Button
            variant={link ? 'default' : 'light'}
            leftSection={<IconMicrophone size={18} />}
            onClick={() => void start()}
            loading={phase === 'uploading'}
            disabled={disabled}
            data-testid="voice-record"
          >
            {link ? t('forms.voice.recordAgain') : t('forms.voice.record')}
          </Button>
        )}
        {link && phase === 'idle' && !disabled && (
          <Button variant="subtle" color="gray" leftSection={<IconTrash size={16} />} onClick={() => onChange(null)}>
            {t('forms.voice.remove')}
          </Button>
        )}
      </Group>
      {phase === 'recording' && (
        <Text size="sm" c="red.9" role="status" aria-live="polite">
          {t('forms.voice.recording')}
        </Text>
      )}
      {problem && (
        <Alert color="orange" variant="light" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
