import { Anchor, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconMapPin, IconStarFilled, IconStar } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { createElement, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayAnswer, displayFieldAnswer, type AnswerView, type DisplayOptions, type EntityKind } from '@faena/domain/forms/display';
import { FILE_FIELD_TYPES } from '@faena/domain/forms/field-types';
import type { FileMetadata } from '@faena/domain/forms/files';
import { uploadIdFromLink } from '@faena/domain/forms/files';
import { formatCompactNumber } from '@faena/domain/forms/format';
import { DISPLAY_TEXTS } from '@faena/domain/forms/messages';
import { forEachAnswer, pickedIds, REFERENCE_KINDS } from '@faena/domain/forms/references';
import type { FormField, InputField } from '@faena/domain/forms/schema';
import { ownValue } from '@faena/domain/forms/show-if';
import { isInputField, isSkipped } from '@faena/domain/forms/values';
import { ensureFileCookie, fetchFileMetadata } from '../uploads/upload-api.ts';
import { useFileUrl } from '../uploads/use-file-url.ts';
import { optionQueryOptions, type EntityKind as CatalogKind } from './api/catalogs.ts';
import { emotionColour, emotionIcons, reactionIcon } from './fields/rating-fields.tsx';
import { RichHtml } from './rich-html.tsx';
import classes from './forms.module.css';

/**
 * The answer display (spec §3 "Answer values shown", §8, §9): every answer of a response, as the
 * domain's display helpers describe it — 'No aplica', 'Sin respuesta', 'Ninguna', 'Sí' / 'No',
 * lists cut after 3 with '... y N más', date-times in the user's locale, compact numbers, file
 * sizes in MB — with names instead of ids, and files and images as links and thumbnails.
 */

const LOCALES: Record<string, string> = { es: 'es-CL', 'es-MX': 'es-MX', en: 'en-US' };

interface Lookup {
  kind: CatalogKind;
  id: string;
  dataSourceId: string | null;
  displayKey: string | null;
}

/** Ids of picked entities and file links in these responses (sub-forms included, one or a list of them). */
function collect(fields: readonly FormField[], responses: readonly unknown[], lookups: Map<string, Lookup>, files: Set<string>): void {
  for (const response of responses) {
    forEachAnswer(fields, response, (field, value) => {
      const kind = REFERENCE_KINDS[field.type];
      if (kind) {
        const dataSourceId = field.type === 'data_source' && field.data_source_id != null ? String(field.data_source_id) : null;
        const displayKey = field.type === 'data_source' ? (field.display_key ?? null) : null;
        for (const id of pickedIds(value)) lookups.set(`${kind}|${dataSourceId ?? ''}|${id}`, { kind, id, dataSourceId, displayKey });
      }
      if ((FILE_FIELD_TYPES as readonly string[]).includes(field.type)) {
        for (const item of Array.isArray(value) ? value : [value]) {
          const uploadId = typeof item === 'string' ? uploadIdFromLink(item) : undefined;
          if (uploadId) files.add(uploadId);
        }
      }
    });
  }
}

export interface AnswerLookups {
  resolveName: (kind: EntityKind, id: string | number, dataSourceId?: string | null) => string | undefined;
  fileMetadata: (reference: string) => FileMetadata | undefined;
}

/** Names of picked people, venues, locations and rows, and metadata of files, for many responses at once. */
export function useAnswerLookups(fields: readonly FormField[], responses: readonly unknown[]): AnswerLookups {
  const { lookups, uploadIds } = useMemo(() => {
    const found = new Map<string, Lookup>();
    const uploads = new Set<string>();
    collect(fields, responses, found, uploads);
    return { lookups: [...found.values()], uploadIds: [...uploads].sort() };
  }, [fields, responses]);
  const names = useQueries({ queries: lookups.map((lookup) => optionQueryOptions(lookup.kind, lookup.id, { dataSourceId: lookup.dataSourceId, displayKey: lookup.displayKey })) });
  const metadata = useQuery({ queryKey: ['forms', 'file-metadata', uploadIds], queryFn: () => fetchFileMetadata(uploadIds), enabled: uploadIds.length > 0, staleTime: 5 * 60_000 });
  const nameMap = new Map<string, string>();
  lookups.forEach((lookup, at) => {
    const option = names[at]?.data;
    if (option) nameMap.set(`${lookup.kind}|${lookup.dataSourceId ?? ''}|${lookup.id}`, option.label);
  });
  const files = metadata.data;
  return {
    resolveName: (kind, id, dataSourceId) => nameMap.get(`${kind}|${dataSourceId ?? ''}|${String(id)}`),
    fileMetadata: (reference) => {
      const uploadId = uploadIdFromLink(reference);
      return uploadId && files ? files[uploadId] : undefined;
    },
  };
}

function MoreList({ items }: { items: string[] }) {
  const { t } = useTranslation();
  const shown = items.slice(0, 3).join(', ');
  const rest = items.length - 3;
  const text = rest > 0 ? `${shown} ${t('forms.display.more', { count: rest })}` : shown;
  return rest > 0 ? (
    <Tooltip label={items.join(', ')} multiline maw={360} withArrow>
      <Text size="sm" span tabIndex={0}>
        {text}
      </Text>
    </Tooltip>
  ) : (
    <Text size="sm">{text}</Text>
  );
}

function Thumbnail({ link, alt }: { link: string; alt: string }) {
  const { url, error } = useFileUrl(link);
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" onClick={() => void ensureFileCookie()}>
      {url ? <img src={url} alt={alt} /> : error ? <span className={classes.hint}>{alt}</span> : <Loader size="xs" />}
    </a>
  );
}

/** Sizes under 0.005 MB would read "0 MB" (2 decimals by 1024×1024, spec §9). */
function sizeText(size: string): string {
  return size === '0 MB' ? '< 0.01 MB' : size;
}

function VoicePlayer({ link }: { link: string }) {
  const { url } = useFileUrl(link);
  return url ? <audio controls src={url} style={{ width: '100%', maxWidth: 360, height: 36 }} /> : null;
}

function FilesView({ files, isAudio = false }: { files: { url: string; name: string; size?: string }[]; isAudio?: boolean }) {
  useEffect(() => {
    // Plain links to downloads carry the session cookie (API.md: session-cookie).
    void ensureFileCookie();
  }, []);
  return (
    <Stack gap={2}>
      {files.map((file) => (
        <Group key={file.url} gap={6} wrap="nowrap">
          <IconFile size={16} style={{ flex: 'none' }} />
          <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Anchor>
          {file.size && (
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {sizeText(file.size)}
            </Text>
          )}
        </Group>
      ))}
      {isAudio && files[0] && <VoicePlayer link={files[0].url} />}
    </Stack>
  );
}

function RatingView({ field, value, max, label }: { field: InputField | undefined; value: number; max: number; label?: string | undefined }) {
  let symbol: ReactNode;
  if (field?.type === 'emotion') {
    const face = emotionIcons(max)?.[value - 1];
    symbol = face ? createElement(face, { size: 24, color: emotionColour(value, max), 'aria-hidden': true }) : null;
  } else if (field?.type === 'reactions') {
    const reaction = reactionIcon(value);
    symbol = reaction ? createElement(reaction, { size: 22, color: 'var(--mantine-color-faena-8)', 'aria-hidden': true }) : null;
  } else {
    symbol = (
      <Group gap={1} aria-hidden wrap="nowrap">
        {Array.from({ length: Math.min(max, 10) }, (_, index) =>
          index < value ? <IconStarFilled key={index} size={16} color="var(--mantine-color-yellow-6)" /> : <IconStar key={index} size={16} color="var(--mantine-color-gray-5)" />,
        )}
      </Group>
    );
  }
  return (
    <Group gap={8} wrap="nowrap">
      {symbol}
      <Text size="sm">
        {`${value}/${max}`}
        {label ? ` · ${label}` : ''}
      </Text>
    </Group>
  );
}

/** One answer, as the domain's view of it describes. */
export function AnswerViewDisplay({ view, field }: { view: AnswerView; field?: InputField }) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'skipped':
      return (
        <Text size="sm" c="dimmed" fs="italic" data-answer="skipped">
          {t('forms.display.skipped')}
        </Text>
      );
    case 'empty':
      return (
        <Text size="sm" c="dimmed" data-answer="empty">
          {view.text === DISPLAY_TEXTS.emptyList ? t('forms.display.emptyList') : t('forms.display.empty')}
        </Text>
      );
    case 'text':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {view.text}
        </Text>
      );
    case 'rich_text':
      return <RichHtml html={view.html} className={classes.richAnswer} />;
    case 'list':
      return <MoreList items={view.items} />;
    case 'files':
      return <FilesView files={view.files} isAudio={field?.type === 'voice_message'} />;
    case 'images':
      return (
        <div className={classes.answerImages}>
          {view.urls.map((url, index) => (
            <Thumbnail key={url} link={url} alt={t('forms.display.image', { n: index + 1 })} />
          ))}
        </div>
      );
    case 'rating':
      return <RatingView field={field} value={view.value} max={view.max} label={view.label} />;
    case 'gps':
      return (
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={16} style={{ flex: 'none' }} />
          <Anchor size="sm" href={`https://www.openstreetmap.org/?mlat=${view.latitude}&mlon=${view.longitude}#map=18/${view.latitude}/${view.longitude}`} target="_blank" rel="noopener noreferrer">
            {view.text}
          </Anchor>
        </Group>
      );
    case 'form':
      return (
        <dl className={classes.subform} style={{ margin: 0 }}>
          {view.entries.map((entry) => (
            <div key={entry.name} style={{ marginBottom: 6 }}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {entry.label}
              </Text>
              <dd style={{ margin: 0 }}>
                <AnswerViewDisplay view={entry.view} />
              </dd>
            </div>
          ))}
        </dl>
      );
  }
}

/** The view of one field's answer, with the app's language and the lookups. */
export function fieldAnswerView(field: InputField, response: unknown, options: DisplayOptions, t: (key: string) => string): AnswerView | undefined {
  if (isSkipped(field, response)) return displayAnswer(field.type, null, options, { skipped: true });
  const value = ownValue(response, field.name);
  if (field.type === 'boolean' && typeof value === 'boolean') return { kind: 'text', text: value ? t('forms.yes') : t('forms.no') };
  if ((field.type === 'integer' || field.type === 'float' || field.type === 'decimal') && typeof value === 'number') {
    return { kind: 'text', text: formatCompactNumber(value) };
  }
  return displayFieldAnswer(field, response, options);
}

export interface FieldAnswerProps {
  field: FormField;
  response: unknown;
  lookups?: AnswerLookups;
}

/** A field's answer within a stored response. */
export function FieldAnswer({ field, response, lookups }: FieldAnswerProps) {
  const { t, i18n } = useTranslation();
  if (!isInputField(field)) return null;
  const dataSourceId = field.type === 'data_source' && field.data_source_id != null ? String(field.data_source_id) : null;
  const options: DisplayOptions = {
    locale: LOCALES[i18n.language] ?? 'es-CL',
    ...(lookups ? { resolveName: (kind, id) => lookups.resolveName(kind, id, kind === 'data_source' ? dataSourceId : null), fileMetadata: lookups.fileMetadata } : {}),
  };
  const view = fieldAnswerView(field, response, options, t);
  if (!view) return null;
  const value = ownValue(response, field.name);
  // picked assets: each its code and name, opening the asset
  if (field.type === 'assets' && view.kind === 'list') {
    return (
      <Group gap={6} wrap="wrap" data-testid="answer-assets">
        {pickedIds(value).map((id) => (
          <Anchor key={id} component={Link} to={`/assets/${encodeURIComponent(id)}`} size="sm">
            {lookups?.resolveName('asset', id) ?? id}
          </Anchor>
        ))}
      </Group>
    );
  }
  const full = typeof value === 'number' && view.kind === 'text' && view.text !== String(value) ? String(value) : undefined;
  return full ? (
    <Tooltip label={full} withArrow>
      <span tabIndex={0}>
        <AnswerViewDisplay view={view} field={field} />
      </span>
    </Tooltip>
  ) : (
    <AnswerViewDisplay view={view} field={field} />
  );
}

/** Every answered field of a response, label then answer. */
export function ResponseAnswers({ fields, response, lookups }: { fields: readonly FormField[]; response: unknown; lookups?: AnswerLookups }) {
  return (
    <dl style={{ margin: 0 }} data-testid="response-answers">
      {fields.filter(isInputField).map((field) => (
        <div key={`${typeof field.id}:${field.id}`} style={{ padding: '6px 0', borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-answer-field={field.name}>
          <Text component="dt" size="xs" c="dimmed" fw={600} mb={2}>
            {field.label || field.name}
          </Text>
          <dd style={{ margin: 0 }}>
            <FieldAnswer field={field} response={response} lookups={lookups} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
