import { logWarning } from './logger';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Opens the system share sheet when the browser has one, else copies the link. Closing the sheet
 * is the reader's choice ('cancelled'); a sheet that fails falls back to copying.
 */
export async function shareLink(content: {
  title: string;
  text: string;
  url: string;
}): Promise<ShareOutcome> {
  if ('share' in navigator) {
    try {
      await navigator.share(content);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
      logWarning('share sheet failed, copying the link instead', error);
    }
  }
  try {
    await navigator.clipboard.writeText(content.url);
    return 'copied';
  } catch (error) {
    logWarning('link could not be copied', error);
    return 'failed';
  }
}
