/** How long the browser may take to start reading a saved file before its object URL goes. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Hands a downloaded file to the browser's own save flow: a temporary object URL clicked through
 * a temporary `<a download>`, so the file keeps its name and no new tab opens.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: some browsers read the URL after click() has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
