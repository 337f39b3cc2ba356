/**
 * us-east-1 on-demand list prices, as published by AWS on their pricing pages for DynamoDB
 * (on-demand, after the November 2024 reduction), Lambda (arm64), API Gateway (HTTP API and
 * WebSocket API, first tier); read 2026-11. One list for
 * `npm run capacity` and bench/cost.ts.
 */
export const PRICES = {
  region: 'us-east-1',
  date: '2026-11',
  writeRequestUnit: 0.625 / 1e6,
  readRequestUnit: 0.125 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  httpApiRequest: 1.0 / 1e6,
  webSocketMessage: 1.0 / 1e6,
  webSocketConnectionMinute: 0.25 / 1e6,
} as const;
