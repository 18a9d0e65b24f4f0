// The image's HEALTHCHECK (and tools/image-smoke.sh's): exits 0 when this container's server
// answers GET /healthz within 3 s, 1 otherwise. Node's fetch, since the slim image has no curl.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
