import { context, propagation } from '@opentelemetry/api';

/*
 * No AsyncLocalStorage holds the running request (ADR 0037): on Node 20 an enabled one hooks every
 * promise and handle of the process, which cost a cached summary read about a third of its
 * throughput (bench:generation). A request's lines carry its id through Fastify's request logger;
 * a job carries the id of the request that queued it, given by that request, and the worker's
 * lines for the job name it through a logger bound to it.
 */

/**
 * What a job's data carries from the web instance that queued it to the worker that runs it: the
 * request's id (its logs on the worker name the same `reqId`) and, when tracing is on, the W3C
 * trace context (`traceparent`, `tracestate`), so the worker's spans join the request's trace.
 * The queue puts `jobTrace()` under the `trace` key of each job's data when it sends the job,
 * and runs the job's handler inside `runJob(data.trace, ...)`.
 */
export interface JobTrace {
  requestId?: string;
  traceparent?: string;
  tracestate?: string;
}

/** The key of a job's data that holds its JobTrace. */
export const JOB_TRACE_KEY = 'trace';

/** The JobTrace of a job queued for the request `requestId` (if any), with the active trace. */
export function jobTrace(requestId: string | undefined): JobTrace {
  const carrier: Record<string, string> = {};
  // A no-op unless tracing is on (observability/tracing.ts registers the propagator).
  propagation.inject(context.active(), carrier);
  return {
    ...(requestId ? { requestId } : {}),
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  };
}

/** Runs a job's handler in the trace of the request that queued it, when tracing is on. */
export function runJob<T>(trace: JobTrace | undefined, work: () => T): T {
  if (!trace?.traceparent) return work();
  const carrier = {
    traceparent: trace.traceparent,
    ...(trace.tracestate ? { tracestate: trace.tracestate } : {}),
  };
  return context.with(propagation.extract(context.active(), carrier), work);
}
