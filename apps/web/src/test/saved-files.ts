import { vi } from 'vitest';

export interface SavedFile {
  blob: Blob;
  download: string;
}

/**
 * The files the app hands to the browser's save flow (lib/save-file.ts): each object URL's blob
 * and the link's download name, in order. Call it in beforeEach; vi.restoreAllMocks undoes it.
 */
export function captureSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:summa/${blobs.size + 1}`;
    // Not instanceof: an answer's Blob comes from Node's fetch, not from jsdom.
    if ('arrayBuffer' in blob) blobs.set(url, blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ blob, download: this.download });
  });
  return saved;
}
