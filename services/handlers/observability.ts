/**
 * Structured logs and metrics (CloudWatch EMF) with Powertools for AWS Lambda. Configured by
 * the environment the stack sets: POWERTOOLS_SERVICE_NAME, POWERTOOLS_METRICS_NAMESPACE,
 * POWERTOOLS_LOG_LEVEL; tests set POWERTOOLS_METRICS_DISABLED and a quiet log level.
 * Traces come from Lambda's active tracing (the stack turns it on): a segment per invocation
 * without the X-Ray SDK, whose ~100 KiB and init time a cold start would pay on every function.
 */
import type { Context } from 'aws-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const logger = new Logger();
export const metrics = new Metrics();

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
 * Wraps a handler: request context on every log line, a cold-start metric, the error logged,
 * and the metrics flushed at the end of each invocation.
 */
export function instrumented<E, R>(name: string, handler: (event: E, context: Context) => Promise<R>): (event: E, context: Context) => Promise<R> {
  return async (event, context) => {
    logger.addContext(context);
    metrics.captureColdStartMetric();
    try {
      return await handler(event, context);
    } catch (e) {
      logger.error(`${name} invocation failed`, e as Error);
      throw e;
    } finally {
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
