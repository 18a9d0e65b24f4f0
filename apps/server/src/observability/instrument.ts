/**
 * Preloaded before the server (`node --import ./apps/server/dist/observability/instrument.js
 * apps/server/dist/main.js`, as `npm start` and the image do), so that OpenTelemetry can hook
 * http, Fastify and pg before they are first imported. It loads the tracing SDK only when the
 * standard OTEL_* variables ask for it (tracing-settings.ts); otherwise it does nothing.
 */
import { tracingRequested } from './tracing-settings.js';

if (tracingRequested(process.env)) {
  const { startTracing } = await import('./tracing.js');
  await startTracing();
}
