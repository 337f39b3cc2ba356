/**
 * Structured logs, metrics (CloudWatch EMF) and X-Ray traces with Powertools for AWS Lambda.
 * Configured by the environment the stack sets: POWERTOOLS_SERVICE_NAME,
 * POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_LOG_LEVEL. Outside Lambda the tracer is off by
 * itself; tests set POWERTOOLS_METRICS_DISABLED and a quiet log level.
 */
import type { Context } from 'aws-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const logger = new Logger();
export const metrics = new Metrics();
export const tracer = new Tracer();

export type MetricName =
  | 'ConnectionsOpened'
  | 'ConnectionsRefused'
  | 'ProtocolViolations'
  | 'SubscriptionsStarted'
  | 'SubscriptionsRefused'
  | 'CommitsProjected'
  | 'UpdatesSent'
  | 'StaleConnectionsDropped'
  | 'PayloadsTooLarge';

export function count(name: MetricName, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/**
 * Wraps a handler: request context on every log line, a cold-start metric, a traced
 * subsegment with the error attached, and the metrics flushed at the end of each invocation.
 */
export function instrumented<E, R>(name: string, handler: (event: E, context: Context) => Promise<R>): (event: E, context: Context) => Promise<R> {
  return async (event, context) => {
    logger.addContext(context);
    metrics.captureColdStartMetric();
    const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
    const segment = parent?.addNewSubsegment(`## ${name}`);
    if (segment) {
      tracer.setSegment(segment);
      tracer.annotateColdStart();
      tracer.addServiceNameAnnotation();
    }
    try {
      return await handler(event, context);
    } catch (e) {
      tracer.addErrorAsMetadata(e as Error);
      logger.error('invocation failed', e as Error);
      throw e;
    } finally {
      segment?.close();
      if (parent) tracer.setSegment(parent);
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
