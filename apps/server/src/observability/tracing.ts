import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { beforeExit } from './shutdown-hooks.js';

/** Probes and scrapes every few seconds would drown the traces of readers' requests. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Starts OpenTelemetry's Node SDK with spans for incoming and outgoing HTTP, Fastify's routes and
 * hooks, and PostgreSQL queries. Everything else comes from the standard variables the SDK reads:
 * the exporter (OTEL_TRACES_EXPORTER, default otlp), its endpoint, protocol and headers
 * (OTEL_EXPORTER_OTLP_*), the sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG), the
 * service's name and attributes (OTEL_SERVICE_NAME, default summa; OTEL_RESOURCE_ATTRIBUTES).
 */
export async function startTracing(): Promise<void> {
  // The server is ES modules: this hook lets the instrumentations patch what it imports.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  process.env.OTEL_SERVICE_NAME ||= 'summa';
  // Traces only: the server's metrics are Prometheus' (/metrics), its logs pino's.
  process.env.OTEL_METRICS_EXPORTER ||= 'none';
  process.env.OTEL_LOGS_EXPORTER ||= 'none';
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
      }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  // Spans still buffered go out before the process exits (main.ts runs this after the app closed).
  beforeExit(() => sdk.shutdown());
}
