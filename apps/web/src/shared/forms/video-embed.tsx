import { Alert, Anchor } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_MESSAGES } from '@faena/domain/forms/messages';
import { isValidVideoId } from '@faena/domain/forms/video';
import classes from './forms.module.css';

const WATCH_URL = 'https://www.youtube.com/watch?v=';
const EMBED_URL = 'https://www.youtube-nocookie.com/embed/';
const THUMBNAIL_URL = 'https://i.ytimg.com/vi/';

/** The attribute rich text stores a video under: <div data-video-id="…">. */
export const VIDEO_ATTRIBUTE = 'data-video-id';

/**
 * A video embed (spec §5, §7, §8): the id must be 11 letters, digits, '_' or '-' ("ID de video
 * inválido"); the thumbnail and the player come from the video service, and when they cannot
 * load the embed says "Error al cargar el video" with a link to watch it there.
 */
export function VideoEmbed({ id }: { id: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!playing) return;
    // A page whose security policy refuses the player reports it here instead of failing silently.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(EMBED_URL.slice(0, 30))) setFailed(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [playing]);

  if (!isValidVideoId(id)) {
    return (
      <Alert color="red" variant="light" my="xs" data-testid="video-invalid">
        {FORM_MESSAGES.invalidVideoId}
      </Alert>
    );
  }
  if (failed) {
    return (
      <Alert color="gray" variant="light" my="xs" data-testid="video-error" styles={{ message: { color: 'var(--mantine-color-black)' } }}>
        {FORM_MESSAGES.videoLoadError}.{' '}
        <Anchor href={`${WATCH_URL}${id}`} target="_blank" rel="noopener noreferrer" c="var(--mantine-color-black)" size="sm">
          {t('forms.video.watch')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <div className={classes.videoEmbed} data-testid="video-embed">
      {playing ? (
        <iframe
          src={`${EMBED_URL}${id}?autoplay=1&rel=0`}
          title={t('forms.video.title')}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          onError={() => setFailed(true)}
        />
      ) : (
        <>
          <img src={`${THUMBNAIL_URL}${id}/hqdefault.jpg`} alt="" loading="lazy" onError={() => setFailed(true)} />
          <button type="button" className={classes.videoPlay} onClick={() => setPlaying(true)} aria-label={t('forms.video.play')}>
            <IconPlayerPlayFilled size={56} />
          </button>
        </>
      )}
    </div>
  );
}
