import { afterEach, beforeEach, vi } from 'vitest';
import { connectApiAuth } from '../lib/api-client';
import { routeFixture, type RouteFixture } from './route-fixture';

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

export interface DownloadFixture extends RouteFixture {
  /** The files saved in this test. */
  readonly saved: SavedFile[];
}

/** A signed-in reader's downloads from `route`: a {@link routeFixture} with the files the app saves. */
export function downloadFixture(route: string, firstAnswer: () => Response): DownloadFixture {
  const endpoint = routeFixture(route, firstAnswer);
  let saved: SavedFile[] = [];
  beforeEach(() => {
    connectApiAuth({ accessToken: () => 'access-1', renewAfterUnauthorized: () => Promise.resolve(null) });
    saved = captureSavedFiles();
  });
  afterEach(() => connectApiAuth(null));
  return {
    get api() {
      return endpoint.api;
    },
    get answer() {
      return endpoint.answer;
    },
    set answer(next) {
      endpoint.answer = next;
    },
    get saved() {
      return saved;
    },
  };
}
