import { Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import type { TDocument } from '@faena/contracts';
import { openModal } from '../../../shared/ui/modal.tsx';
import { useFileUrl } from '../../../shared/uploads/use-file-url.ts';
import { downloadDocument } from './documents-browser.tsx';

type PreviewedDocument = Pick<TDocument, 'title' | 'upload_id' | 'file_name' | 'content_type'>;

function Preview({ doc, downloadLabel }: { doc: PreviewedDocument; downloadLabel: string }) {
  const { url, error } = useFileUrl(`/api/document-manager/v3/upload/${encodeURIComponent(doc.upload_id)}/download`);
  return (
    <Stack gap="md">
      {error ? <Text c="red">{doc.file_name}</Text> : null}
      {!url && !error ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : null}
      {url && doc.content_type === 'application/pdf' ? <iframe src={url} title={doc.title} style={{ width: '100%', height: '70vh', border: 0 }} /> : null}
      {url && doc.content_type.startsWith('image/') ? <Image src={url} alt={doc.title} mah="70vh" fit="contain" /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void downloadDocument(doc)}>
          {downloadLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** Shows an image or a PDF of the area in a large modal. */
export function openPreview(doc: PreviewedDocument, downloadLabel: string): void {
  void openModal<null>({
    id: 'documents-preview',
    title: doc.title,
    size: 'lg',
    dismissValue: null,
    render: () => <Preview doc={doc} downloadLabel={downloadLabel} />,
  }).catch(() => undefined);
}
