import type { S3Settings } from './object-storage.js';

/**
 * Where presigned URLs point, for the CSP: the endpoint itself (path style, which the SDK also
 * uses for bucket names with dots) or the bucket's host below it.
 */
export function s3Origin(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'region' | 'forcePathStyle'>,
): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const pathStyle = settings.forcePathStyle || settings.bucket.includes('.');
  return pathStyle ? endpoint.origin : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
}
