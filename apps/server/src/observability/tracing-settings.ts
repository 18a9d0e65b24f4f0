/**
 * Whether OpenTelemetry tracing is asked for, by its own standard variables: an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), or a traces exporter named
 * in OTEL_TRACES_EXPORTER (otlp, console, zipkin); OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none turns it off. Without them nothing of OpenTelemetry's SDK is loaded.
 */
export function tracingRequested(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (exporters.includes('none')) return false;
  if (exporters.length > 0) return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
