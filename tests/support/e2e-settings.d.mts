export declare const E2E: {
  appPort: number;
  demoPort: number;
  resendPort: number;
  sourcesPort: number;
  smtpPort: number;
  smtpSilentPort: number;
  instanceWidePort: number;
  appInspectorPort: number;
  demoInspectorPort: number;
  instanceWideInspectorPort: number;
  adminPassword: string;
};
