import { ActionIcon, Alert, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBold,
  IconBrandYoutube,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconStrikethrough,
  IconUnderline,
  type Icon,
} from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RICH_TEXT_IMAGE_FORMATS, RICH_TEXT_IMAGE_MAX_SIZE } from '@faena/domain/forms/constants';
import { fileMatchesFormats } from '@faena/domain/forms/files';
import { invalidFileTypeMessage, uploadSizeMessage } from '@faena/domain/forms/messages';
import { extractVideoId, validateVideoId } from '@faena/domain/forms/video';
import { registerRichTextBlob } from '../submission.ts';
import { VideoNode } from './video-node.ts';
import classes from './rich-text.module.css';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  labelledBy?: string;
  describedBy?: string | undefined;
  placeholder?: string | undefined;
  /** Uploads an image at once (the builder); otherwise images stay blobs until submit. */
  uploadImage?: (file: File) => Promise<string>;
  /** Offers video embeds (display texts). */
  allowVideo?: boolean;
  minHeight?: number;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/bmp,image/svg+xml';

/** Spec §5: rich-text images are jpeg, png, webp, gif, bmp or svg, 20 MB at most. */
export function checkRichTextImage(file: File): string | null {
  if (!fileMatchesFormats({ name: file.name, content_type: file.type }, RICH_TEXT_IMAGE_FORMATS)) return invalidFileTypeMessage(RICH_TEXT_IMAGE_FORMATS);
  if (file.size > RICH_TEXT_IMAGE_MAX_SIZE) return uploadSizeMessage(0, RICH_TEXT_IMAGE_MAX_SIZE);
  return null;
}

/** An empty document is an empty answer. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function ToolButton({ icon: ToolIcon, label, active, onClick, disabled }: { icon: Icon; label: string; active?: boolean; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="md"
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
      >
        <ToolIcon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The rich-text editor of rich_text fields and display texts (its own chunk). */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  disabled = false,
  invalid = false,
  id,
  labelledBy,
  describedBy,
  placeholder,
  uploadImage,
  allowVideo = false,
  minHeight = 120,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [insert, setInsert] = useState<'link' | 'video' | null>(null);
  const [insertText, setInsertText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lastEmitted = useRef(value);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } }),
      Image.configure({ inline: false }),
      VideoNode,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: classes.content!,
        ...(id ? { id } : {}),
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      handlePaste: (_view, event) => {
        const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
        if (files.length === 0) return false;
        files.forEach((file) => void addImage(file));
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      lastEmitted.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      heading: current.isActive('heading', { level: 2 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  // A value set from outside (reset, "No aplica") replaces the document.
  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(value || '', { emitUpdate: false });
    }
  }, [value, editor]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [disabled, editor]);

  async function addImage(file: File) {
    const refusal = checkRichTextImage(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    try {
      const src = uploadImage ? await uploadImage(file) : registerRichTextBlob(file);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch {
      setProblem(t('forms.richText.uploadFailed'));
    }
  }

  const confirmInsert = () => {
    const text = insertText.trim();
    if (insert === 'video') {
      const videoId = extractVideoId(text) ?? text;
      const error = validateVideoId(videoId);
      if (error) {
        setProblem(error);
        return;
      }
      editor.chain().focus().insertVideo(videoId).run();
    } else if (insert === 'link') {
      if (text === '') editor.chain().focus().extendMarkRange('link').unsetLink().run();
      else
        editor
          .chain()
          .focus()
          .extendMarkRange('link')
          .setLink({ href: /^(https?:|mailto:)/i.test(text) ? text : `https://${text}` })
          .run();
    }
    setProblem(null);
    setInsert(null);
    setInsertText('');
  };

  const chain = () => editor.chain().focus();
  return (
    <Stack gap={4} className={classes.root} data-invalid={invalid || undefined} data-disabled={disabled || undefined}>
      {!disabled && (
        <Group gap={2} className={classes.toolbar} role="toolbar" aria-label={t('forms.richText.toolbar')}>
          <ToolButton icon={IconBold} label={t('forms.richText.bold')} active={state.bold} onClick={() => chain().toggleBold().run()} />
          <ToolButton icon={IconItalic} label={t('forms.richText.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()} />
          <ToolButton icon={IconUnderline} label={t('forms.richText.underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()} />
          <ToolButton icon={IconStrikethrough} label={t('forms.richText.strike')} active={state.strike} onClick={() => chain().toggleStrike().run()} />
          <ToolButton icon={IconH2} label={t('forms.richText.heading')} active={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
          <ToolButton icon={IconList} label={t('forms.richText.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
          <ToolButton icon={IconListNumbers} label={t('forms.richText.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
          <ToolButton
            icon={IconLink}
            label={t('forms.richText.link')}
            active={state.link}
            onClick={() => {
              setInsertText(String(editor.getAttributes('link').href ?? ''));
              setInsert(insert === 'link' ? null : 'link');
            }}
          />
          <ToolButton icon={IconPhoto} label={t('forms.richText.image')} onClick={() => fileInput.current?.click()} />
          {allowVideo && (
            <ToolButton
              icon={IconBrandYoutube}
              label={t('forms.richText.video')}
              onClick={() => {
                setInsertText('');
                setInsert(insert === 'video' ? null : 'video');
              }}
            />
          )}
          <ToolButton icon={IconArrowBackUp} label={t('forms.richText.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
          <ToolButton icon={IconArrowForwardUp} label={t('forms.richText.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void addImage(file);
            }}
          />
        </Group>
      )}
      {insert && (
        <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.insertBar}>
          <TextInput
            style={{ flex: 1 }}
            size="xs"
            autoFocus
            value={insertText}
            onChange={(event) => setInsertText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                confirmInsert();
              }
              if (event.key === 'Escape') setInsert(null);
            }}
            placeholder={insert === 'video' ? t('forms.richText.videoPlaceholder') : 'https://'}
            aria-label={insert === 'video' ? t('forms.richText.video') : t('forms.richText.link')}
            data-testid={`rich-text-${insert}-input`}
          />
          <Button size="xs" onClick={confirmInsert} data-testid={`rich-text-${insert}-insert`}>
            {t('forms.richText.insert')}
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" variant="light" py={6} role="alert">
          {problem}
        </Alert>
      )}
      <EditorContent editor={editor} style={{ minHeight }} />
    </Stack>
  );
}
