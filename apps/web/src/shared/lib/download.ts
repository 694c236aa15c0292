/** Starts the browser's own download of `href` through a temporary link; `name` suggests the file's name. */
export function clickDownload(href: string, name = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  clickDownload(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a title: what file systems refuse (/ \ : * ? " < > |) becomes a space; `fallback` when nothing is left. */
export function fileNameOf(title: string, fallback: string): string {
  return title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || fallback;
}
