/**
 * Imported first by every handler test, before Powertools reads its settings: quiet logs,
 * no EMF metrics on stdout, and credentials for the SDK clients that talk to the local
 * stand-ins (embedded DynamoDB, the fake API Gateway management endpoint).
 */
Object.assign(process.env, {
  POWERTOOLS_LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'SILENT',
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_SERVICE_NAME: 'parlor-test',
  AWS_REGION: 'local',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
});
delete process.env.AWS_SESSION_TOKEN;
delete process.env.AWS_PROFILE;
export {};
