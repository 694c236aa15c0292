import { UPLOAD_BASE } from '@faena/contracts/documents';
import { fileDownloadLink, uploadIdFromLink } from '@faena/domain/forms/files';

/** An upload id → the download link the photo widget and <img> use (the file cookie authorises it). */
export function fieldDownloadLink(uploadId: string): string {
  return fileDownloadLink(UPLOAD_BASE, uploadId);
}

/** A download link → its upload id (null for anything else). */
export function uploadIdOf(link: string): string | null {
  return uploadIdFromLink(link) ?? null;
}
