/**
 * A fetched answer's body, read up to `maxBytes`; undefined (and the rest left unread) when it is
 * longer, whatever its Content-Length says.
 */
export async function readLimitedBody(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel();
    return undefined;
  }
  // fetch types a body's chunks loosely; they are bytes.
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
}
