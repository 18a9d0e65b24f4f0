import { describe, expect, it } from 'vitest';
import { tracingRequested } from './tracing-settings.js';

describe('tracingRequested', () => {
  it('is off without any OpenTelemetry variable, so nothing of the SDK loads', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'summa', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
  });

  it('is on with an OTLP endpoint or a named traces exporter', () => {
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
  });

  it('is off when the SDK is disabled or the traces exporter is none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingRequested({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});
