/** Starts the browser's own download of `href` through a temporary link; `name` suggests the file's name. */
export function clickDownload(href: string, name = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob as a file through a temporary object URL (revoked once the browser has taken it). */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  clickDownload(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(filename, new Blob([text], { type }));
}

/** A file name from a title: what file systems refuse (/ \ : * ? " < > |) becomes a space; `fallback` when nothing is left. */
export function fileNameOf(title: string, fallback: string): string {
  return title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || fallback;
}
