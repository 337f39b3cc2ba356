/**
 * Imported first by the capacity world, before Powertools reads its settings: no EMF metrics or
 * info logs on stdout (the report is the output), credentials for the SDK clients of the local stand-ins.
 */
Object.assign(process.env, {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'ERROR',
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_SERVICE_NAME: 'parlor-capacity',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
});
delete process.env.AWS_SESSION_TOKEN;
delete process.env.AWS_PROFILE;
export {};
