import type { S3Settings } from './object-storage.js';

/** Where presigned URLs point: the endpoint (path style) or the bucket's own host below it. */
export function s3Origin(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'region' | 'forcePathStyle'>,
): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  return settings.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
