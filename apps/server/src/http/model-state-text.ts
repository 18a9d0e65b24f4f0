import type { LlmStatus } from '../providers/llm/llm-provider.js';

const megabytes = (bytes: number) => Math.round(bytes / 1e6);

/**
 * The summary model in one line for the start-up log: what it is and how far it got, e.g.
 * "local hf:…: downloading 12% of 1117 MB into data/models" or "…: unavailable: <cause>".
 */
export function describeModelState(status: LlmStatus): string {
  const name = `${status.provider} ${status.model}`;
  const where = status.modelsDir ? ` (${status.modelsDir})` : '';
  switch (status.state) {
    case 'ready':
      return `${name}: ready`;
    case 'downloading': {
      const percent = Math.floor((status.downloadProgress ?? 0) * 100);
      const total = status.totalBytes ? ` of ${megabytes(status.totalBytes)} MB` : '';
      return `${name}: downloading ${percent}%${total}${where}`;
    }
    case 'error':
      return `${name}: unavailable: ${status.error ?? 'unknown cause'}`;
    case 'idle':
    case 'loading':
      return status.provider === 'local'
        ? `${name}: loading in the background, downloaded first if missing${where}`
        : `${name}: ${status.state}`;
  }
}
