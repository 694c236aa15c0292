import { UPLOAD_BASE } from '@faena/contracts/documents';
import { fileDownloadLink, uploadIdFromLink, type FileMetadata, type UploadRules } from '@faena/domain/forms/files';
import { apiClient } from '../api/api-client.ts';
import { sessionStore } from '../session/session.ts';
import { clickDownload } from '../lib/download.ts';

/** The document manager's upload server (FilePond protocol, API.md "Files"). */
export const UPLOAD_SERVER = UPLOAD_BASE.replace(/\/+$/, '');
const DM = UPLOAD_SERVER.replace(/\/upload$/, '');

/** The bearer header of the signed-in user (FilePond sends its own requests). */
export function authHeaders(): Record<string, string> {
  const token = sessionStore.getSnapshot()?.idToken;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * An object whose Authorization is read each time FilePond spreads it into a request, so a
 * token refreshed during a long upload is the one sent.
 */
export function liveAuthHeaders(): Record<string, string> {
  const headers = {};
  Object.defineProperty(headers, 'Authorization', {
    enumerable: true,
    get: () => authHeaders().Authorization ?? '',
  });
  return headers as Record<string, string>;
}

/** The server-side limits sent with an upload (the `filepond` metadata part). */
export function serverRules(rules: UploadRules | undefined): Record<string, unknown> {
  if (!rules) return {};
  return {
    min_file_size: rules.minSize,
    max_file_size: rules.maxSize,
    ...(rules.formats ? { allowed_formats: rules.formats } : {}),
  };
}

/** Turns a temporary upload into a permanent one; the field keeps its download link. */
export async function storeTemporaryUpload(temporaryUpload: string): Promise<string> {
  const answer = await apiClient.post<{ upload_id: string }>(`${DM}/filepond/${encodeURIComponent(temporaryUpload)}/store`, { json: { temporary_upload: temporaryUpload } });
  return fileDownloadLink(UPLOAD_SERVER, answer.upload_id);
}

/**
 * Uploads one blob as a whole file (process), stores it and returns its download link — for
 * photos, voice notes and rich-text images that never go through the FilePond widget.
 */
export async function uploadBlob(blob: Blob, name: string, rules?: UploadRules): Promise<string> {
  const form = new FormData();
  form.append('filepond', JSON.stringify(serverRules(rules)));
  form.append('filepond', blob, name);
  const temporary = await apiClient.post<string>(`${UPLOAD_SERVER}/process/`, {
    formData: form,
    responseType: 'text',
  });
  return storeTemporaryUpload(temporary.trim());
}

/** Name, size and sniffed type of stored files, by upload id (unknown ids are absent). */
export function fetchFileMetadata(uploadIds: string[]): Promise<Record<string, FileMetadata>> {
  if (uploadIds.length === 0) return Promise.resolve({});
  return apiClient.post<Record<string, FileMetadata>>(`${DM}/files/metadata/`, {
    json: { upload_ids: uploadIds },
  });
}

/** The bytes behind a download link, with the bearer token. */
export function fetchFileBlob(link: string, signal?: AbortSignal): Promise<Blob> {
  return apiClient.get<Blob>(link, {
    responseType: 'blob',
    ...(signal ? { signal } : {}),
  });
}

let cookieFor: string | null = null;
let cookiePending: Promise<void> | null = null;
let cookieSetFor: string | null = null;

/** Whether the download cookie is already set for the current session. */
export function fileCookieReady(): boolean {
  const token = sessionStore.getSnapshot()?.idToken ?? null;
  return token !== null && cookieSetFor === token;
}

/**
 * Makes plain `<img src>` and `<a href>` loads of download links work: the server accepts a
 * session cookie on file downloads (API.md POST /api/auth/v3/session-cookie). Once per token.
 */
export function ensureFileCookie(): Promise<void> {
  const token = sessionStore.getSnapshot()?.idToken ?? null;
  if (!token) return Promise.resolve();
  if (cookieFor === token && cookiePending) return cookiePending;
  cookieFor = token;
  cookiePending = apiClient.post<void>('/api/auth/v3/session-cookie', { responseType: 'none' }).then(
    () => {
      cookieSetFor = token;
    },
    () => {
      cookieFor = null;
    },
  );
  return cookiePending;
}

/**
 * Lets the browser download a file of this server by itself (streamed to disk, with its own
 * progress): the session cookie first, then a plain link. `name` suggests the file's name (the
 * server's Content-Disposition wins when it gives one).
 */
export async function downloadWithCookie(href: string, name = ''): Promise<void> {
  await ensureFileCookie();
  clickDownload(href, name);
}

/** A link is a download link of this server when it holds an upload id. */
export function isDownloadLink(value: unknown): value is string {
  return typeof value === 'string' && uploadIdFromLink(value) !== undefined;
}

/** The name in a Content-Disposition header, if any. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : null;
}
