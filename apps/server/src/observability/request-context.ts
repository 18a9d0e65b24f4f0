import { AsyncLocalStorage } from 'node:async_hooks';
import { context, propagation } from '@opentelemetry/api';

/**
 * The request (or queued job) the running code works for: its id, so that every log line written
 * on its behalf names it, even by a service that logs through the app's logger, and the request's
 * own logger, which names it already.
 */
interface RequestScope {
  requestId: string;
  /** Fastify's request logger: its lines carry the id as a binding of their own. */
  logger?: object;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` on behalf of the request `requestId` (its logs name it), with its own logger if any. */
export function runForRequest<T>(requestId: string, logger: object | undefined, work: () => T): T {
  return scopes.run({ requestId, ...(logger ? { logger } : {}) }, work);
}

/** The id of the request the running code works for, if any. */
export function currentRequestId(): string | undefined {
  return scopes.getStore()?.requestId;
}

/**
 * pino's mixin: adds `reqId` to the lines of loggers that do not carry it already (Fastify's
 * request logger does, as a binding; a second copy would repeat the key in the line).
 */
export function requestIdMixin(_object: object, _level: number, logger: object): { reqId?: string } {
  const scope = scopes.getStore();
  if (!scope || scope.logger === logger) return {};
  return { reqId: scope.requestId };
}

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

/** The JobTrace of the running request, for a job it queues. */
export function jobTrace(): JobTrace {
  const carrier: Record<string, string> = {};
  // A no-op unless tracing is on (observability/tracing.ts registers the propagator).
  propagation.inject(context.active(), carrier);
  const requestId = currentRequestId();
  return {
    ...(requestId ? { requestId } : {}),
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  };
}

/** Runs a job's handler on behalf of the request that queued it (its id in the logs, its trace). */
export function runJob<T>(trace: JobTrace | undefined, work: () => T): T {
  const traced = () => {
    if (!trace?.traceparent) return work();
    const carrier = {
      traceparent: trace.traceparent,
      ...(trace.tracestate ? { tracestate: trace.tracestate } : {}),
    };
    return context.with(propagation.extract(context.active(), carrier), work);
  };
  return trace?.requestId ? runForRequest(trace.requestId, undefined, traced) : traced();
}
