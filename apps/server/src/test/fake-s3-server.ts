import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's only account: it checks every signature (headers and presigned queries) against it. */
export const FAKE_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** A local S3 server (s3rver, files in a scratch folder) with one bucket. */
export async function startFakeS3(bucket = 'summa'): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'summa-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
